import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from './yield';

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

/**
 * Code fetched ahead of need waits this long after the document's load: a phone's first seconds
 * belong to the page's own code and data, and a member who wants the thing sooner (a touch, an open)
 * asks for it at once.
 */
export const PRELOAD_AFTER_LOAD_MS = 4000;
/** The longest a preload waits for an idle moment once its delay is over. */
export const IDLE_WAIT_MS = 2000;

/**
 * How long from now until PRELOAD_AFTER_LOAD_MS after the document's load: 0 when that is past, the
 * whole wait while the document is still loading, 0 without navigation timing (nothing to go by).
 */
export function preloadDelay(): number {
  if (typeof performance.getEntriesByType !== 'function') return 0;
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!navigation) return 0;
  if (!navigation.loadEventEnd) return PRELOAD_AFTER_LOAD_MS;
  return Math.max(0, navigation.loadEventEnd + PRELOAD_AFTER_LOAD_MS - performance.now());
}

/**
 * Starts a dynamic import when the browser is idle, not before PRELOAD_AFTER_LOAD_MS after the
 * document's load; returns the cleanup for an effect.
 */
export function preloadWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => {});
  // A page kept busy (animations, a slow phone) is never idle: at most IDLE_WAIT_MS, then run anyway.
  const idle = () => {
    cancel = whenIdle(run, IDLE_WAIT_MS);
  };
  let cancel = () => {};
  const delay = preloadDelay();
  if (delay === 0) idle();
  else {
    const id = setTimeout(idle, delay);
    cancel = () => clearTimeout(id);
  }
  return () => cancel();
}
