import { type ComponentType, useEffect, useState } from 'react';
import { preloadWhenIdle } from '@/lib/lazy-overlay';
import type { AssetsPullProps } from './assets-pull';

/** The pull once its code has arrived: every later visit renders it from the first render. */
let loadedPull: ComponentType<AssetsPullProps> | null = null;

/** Tests of the first visit start from an app that has not loaded the pull yet. */
export function forgetLoadedPull(): void {
  loadedPull = null;
}

const load = () =>
  import('./assets-pull').then((module) => {
    loadedPull = module.default;
    return module.default;
  });

/**
 * Pull-down refresh whose code (antd-mobile's PullToRefresh with its gesture and animation
 * libraries, ~25 KB gzip) loads once the page is idle, or at the first touch, not with the page:
 * until then the content shows as it is, and a pull only scrolls. Switching to the pull mounts the
 * content again, so it happens at most once per app start: a later visit, whose cards a member may
 * tap at once, starts with the pull.
 */
export function LazyPull({ children, ...props }: AssetsPullProps) {
  const [Pull, setPull] = useState<ComponentType<AssetsPullProps> | null>(() => loadedPull);
  const [start] = useState(() => () => load().then((pull) => setPull(() => pull)));
  useEffect(() => (loadedPull ? undefined : preloadWhenIdle(start)), [start]);
  if (Pull) return <Pull {...props}>{children}</Pull>;
  return (
    <div className="lazy-pull" onTouchStart={() => void start().catch(() => {})}>
      {children}
    </div>
  );
}
