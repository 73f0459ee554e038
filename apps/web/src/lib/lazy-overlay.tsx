import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

/**
 * An overlay (a sheet, a viewer) whose module is loaded when the page is idle or on its first
 * open, not with the page: antd-mobile's Popup brings its mask and the animation library
 * (~25 KB gzip). Nothing is rendered until the first open; from then on the overlay stays mounted,
 * so it closes with its own animation as before.
 */
export function lazyOverlay<P extends { visible: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Overlay = lazy(load);
  return function LazyOverlay(props: P) {
    const [opened, setOpened] = useState(props.visible);
    if (props.visible && !opened) setOpened(true);
    useEffect(() => preloadWhenIdle(load), []);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    );
  };
}

/** Starts a dynamic import when the browser is idle; returns the cleanup for an effect. */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => void load().catch(() => {}));
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(() => void load().catch(() => {}), 1);
  return () => clearTimeout(id);
}
