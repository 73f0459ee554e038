import { lazyComponent } from '@/lib/lazy-component';
import { LazyWrapper } from '@/lib/lazy-wrapper';
import type { AssetsPullProps } from './assets-pull';

const pull = lazyComponent<AssetsPullProps>(() => import('./assets-pull'));

/**
 * Pull-down refresh whose code (antd-mobile's PullToRefresh with its gesture and animation
 * libraries, ~25 KB gzip) loads once the page is idle, or at the first touch, not with the page:
 * until then the content shows as it is, and a pull only scrolls. The content is not mounted again
 * when the pull arrives (LazyWrapper), so a tap in the meantime reaches what it touched; a later
 * visit starts with the pull.
 */
export function LazyPull({ children, ...props }: AssetsPullProps) {
  return (
    <LazyWrapper wrapper={pull} props={props}>
      {children}
    </LazyWrapper>
  );
}
