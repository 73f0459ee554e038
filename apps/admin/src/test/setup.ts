import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { i18n, setLanguage } from '@/i18n';

// What antd reads and jsdom lacks: media queries (Grid, Table), ResizeObserver, scrollbar styles.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// Role queries (is it hidden?) and user-event (pointer-events?) ask getComputedStyle about every
// element, and jsdom resolves each answer through the whole ancestry: seconds per query on antd's
// deep trees. antd's styles are kept out of the document in tests (render.tsx), so only inline
// styles and a few built-in rules can hide an element: those three answers are read from them at
// once, every other property still comes from jsdom. Pseudo-elements are ignored (jsdom has none).
// Files share the window (isolate: false), so it is patched once.
const HIDDEN_TAGS = new Set(['HEAD', 'SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'TITLE', 'META', 'LINK']);

function inherited(element: Element, read: (style: CSSStyleDeclaration) => string, fallback: string): string {
  for (let node: Element | null = element; node; node = node.parentElement) {
    const value = node instanceof HTMLElement || node instanceof SVGElement ? read(node.style) : '';
    if (value && value !== 'inherit') return value;
  }
  return fallback;
}

function quickStyle(element: Element, real: () => CSSStyleDeclaration): CSSStyleDeclaration {
  const own = element instanceof HTMLElement || element instanceof SVGElement ? element.style : null;
  const quick: Record<string, () => string> = {
    display: () =>
      own?.display || ((element as HTMLElement).hidden || HIDDEN_TAGS.has(element.tagName) ? 'none' : 'block'),
    visibility: () => inherited(element, (style) => style.visibility, 'visible'),
    'pointer-events': () => inherited(element, (style) => style.pointerEvents, 'auto'),
  };
  quick.pointerEvents = quick['pointer-events']!;
  let declaration: CSSStyleDeclaration | undefined;
  const resolved = () => {
    declaration ??= real();
    return declaration;
  };
  return new Proxy({} as CSSStyleDeclaration, {
    get(_, property) {
      if (typeof property === 'string' && property in quick) return quick[property]!();
      if (property === 'getPropertyValue') {
        return (name: string) => (name in quick ? quick[name]!() : resolved().getPropertyValue(name));
      }
      const value = Reflect.get(resolved(), property);
      return typeof value === 'function' ? value.bind(resolved()) : value;
    },
  });
}

const patched = window as Window & { __quickComputedStyle?: true };
if (!patched.__quickComputedStyle) {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => quickStyle(element, () => computedStyle(element));
  patched.__quickComputedStyle = true;
}

// lightweight-charts draws on a canvas jsdom does not have: every test gets the stand-in, which
// records what the dashboard gives it.
vi.mock('lightweight-charts', () => import('./chart-stand-in'));

await setLanguage('en');

afterEach(async () => {
  cleanup();
  // A test that switched the language leaves the next one in English all the same.
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  // antd's messages and modals render outside the test's container.
  document.body.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
});

// React may still have work queued (a lazily loaded page resolving) when a file's last test ends;
// jsdom is torn down right after the file, and that work would then fail on a missing window.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});

// findBy/waitFor give up after 1 s by default; antd on loaded CI cores can take longer.
configure({ asyncUtilTimeout: 5_000 });
