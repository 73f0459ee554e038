import { useEffect } from 'react';
import { preloadWhenIdle } from '@/lib/lazy-overlay';

// antd-mobile's ImageViewer (with its gesture and animation libraries) loads when the page is idle
// or on the first tap, not with the page, like the bottom sheets (see lib/lazy-overlay.tsx).
const load = () => import('./image-viewer-show');

/** Opens `images` full screen at `index`, swipeable and zoomable. */
export function openImages(images: string[], index: number): void {
  void load().then(({ showImages }) => showImages(images, index));
}

/** Loads the viewer once the page is idle, so that a tap opens it at once. */
export function usePreloadImageViewer(): void {
  useEffect(() => preloadWhenIdle(load), []);
}
