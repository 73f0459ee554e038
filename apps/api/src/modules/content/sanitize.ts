import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Rich text is sanitized once, when an operator saves it (ARCHITECTURE.md): DOMPurify's defaults
 * (no script, no event handler, no javascript: URL, no foreign namespaces), no forms or frames, and
 * every link opens safely in a new tab.
 */
const window = new JSDOM('').window;
const purify = createDOMPurify(window);
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
    ALLOW_DATA_ATTR: false,
  });
}
