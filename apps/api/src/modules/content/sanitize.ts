import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';

/**
 * Rich text is sanitized once, when an operator saves it (docs/architecture.md, "Quality rules"):
 * DOMPurify's defaults (no script, no event handler, no javascript: URL, no foreign namespaces), no
 * forms or frames, and every link opens safely in a new tab.
 */
let purifier: DOMPurify | undefined;

/**
 * jsdom costs most of a second of CPU to load: it is loaded on the first sanitize (an operator's
 * save), not at every server start.
 */
function loadPurifier(): DOMPurify {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
  const purify = createDOMPurify(new JSDOM('').window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = purify;
  return purify;
}

export function sanitizeHtml(html: string): string {
  return loadPurifier().sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
