import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import { setUpAntdRender } from '@/lib/antd-render';

// jsdom has no pointer capture; antd-mobile's Swiper (use-gesture) calls it on pointerdown.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}

setUpAntdRender();
await initI18n('zh-CN');

afterEach(() => {
  cleanup();
  // Toasts and dialogs render outside the test's container, and jsdom never finishes their exit
  // animation: forget them and drop their nodes so the next test starts clean.
  Toast.clear();
  Dialog.clear();
  document.body.innerHTML = '';
  localStorage.clear();
});

// React may still have work queued (a lazily loaded page resolving, a ping of an unmounted root)
// when a file's last test ends; jsdom is torn down right after the file, and that work would then
// fail on a missing window. Let it run while the window still exists: React's scheduler works in
// setImmediate slices, so give it time and then several turns of the immediate queue (50 ms alone
// was not always enough on two loaded CI cores).
afterAll(async () => {
  for (let round = 0; round < 4; round++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
  }
});

// findBy/waitFor give up after 1 s by default; on two loaded CI cores a page's second request
// can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });
