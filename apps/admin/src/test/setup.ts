import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { i18n, setLanguage } from '../i18n/index.ts';

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
const computedStyle = window.getComputedStyle.bind(window);
// jsdom implements no pseudo-elements and says so on every antd Table render.
window.getComputedStyle = (element: Element) => computedStyle(element);

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
