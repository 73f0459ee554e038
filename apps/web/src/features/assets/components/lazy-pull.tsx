import { type ComponentType, useEffect, useState } from 'react';
import { preloadWhenIdle } from '@/lib/lazy-overlay';
import type { AssetsPullProps } from './assets-pull';

const load = () => import('./assets-pull');

/**
 * Pull-down refresh whose code (antd-mobile's PullToRefresh with its gesture and animation
 * libraries, ~25 KB gzip) loads once the page is idle, or at the first touch, not with the page:
 * until then the content shows as it is, and a pull only scrolls.
 */
export function LazyPull({ children, ...props }: AssetsPullProps) {
  const [Pull, setPull] = useState<ComponentType<AssetsPullProps> | null>(null);
  const [start] = useState(() => () => load().then((module) => setPull(() => module.default)));
  useEffect(() => preloadWhenIdle(start), [start]);
  if (Pull) return <Pull {...props}>{children}</Pull>;
  return (
    <div className="lazy-pull" onTouchStart={() => void start().catch(() => {})}>
      {children}
    </div>
  );
}
