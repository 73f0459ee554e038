import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach, vi } from 'vitest';
import { initI18n, loadFeatureMessages } from '@/i18n/i18n';
import { imperativeRootCount, setUpAntdRender, unmountImperativeRoots } from '@/lib/antd-render';

// jsdom has no pointer capture; antd-mobile's Swiper (use-gesture) calls it on pointerdown.
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}

// lightweight-charts draws on a canvas and watches matchMedia, neither of which jsdom has: any test that
// reaches the candlestick page would leave an unhandled rejection once the library loaded. Every web
// test gets the recording stand-in instead.
vi.mock('lightweight-charts', () => import('@/features/market/testing/chart-stand-in'));

setUpAntdRender();
await initI18n('zh-CN');
// Texts a feature's route loads with its page: a test may render the feature's parts alone.
await loadFeatureMessages('transparency');

afterEach(async () => {
  cleanup();
  // Toasts and dialogs render in roots of their own, outside the test's container, and jsdom never
  // finishes their exit animation. A toast asked for at the end of a test may still be on its way
  // (its code loads on first use). Let those land, close everything, then unmount every such root
  // at once, inside act, so no React work of this test is left queued for after jsdom is gone.
  await act(async () => {
    await import('@/lib/antd-overlays');
    Toast.clear();
    Dialog.clear();
    unmountImperativeRoots();
  });
  if (imperativeRootCount() !== 0) throw new Error('a toast or dialog root outlived its test');
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
