import { lazyComponent, useLazyComponent } from '@/lib/lazy-component';
import type { AssetsPullProps } from './assets-pull';

const pull = lazyComponent<AssetsPullProps>(() => import('./assets-pull'));

/**
 * Pull-down refresh whose code (antd-mobile's PullToRefresh with its gesture and animation
 * libraries, ~25 KB gzip) loads once the page is idle, or at the first touch, not with the page:
 * until then the content shows as it is, and a pull only scrolls. Switching to the pull mounts the
 * content again, so it happens at most once per app start: a later visit, whose cards a member may
 * tap at once, starts with the pull.
 */
export function LazyPull({ children, ...props }: AssetsPullProps) {
  const [Pull, start] = useLazyComponent(pull);
  if (Pull) return <Pull {...props}>{children}</Pull>;
  return (
    <div className="lazy-pull" onTouchStart={() => void start().catch(() => {})}>
      {children}
    </div>
  );
}
