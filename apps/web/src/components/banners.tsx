import type { Banner } from '@minecloud/contract/config';
import { Skeleton } from 'antd-mobile';
import { lazy, Suspense, startTransition, useState } from 'react';
import { useAppNavigate } from '@/lib/navigation';
import { BANNER_AUTOPLAY_INTERVAL_MS, BannerSlide } from './banner-slide';
import './banners.css';

// The swiper's gesture and animation code comes after the first paint; until then the first
// banner is shown still, in the same box, so nothing moves.
const BannerSwiper = lazy(() => import('./banner-swiper'));

/**
 * The swiper takes over when it would first turn: once the still first banner has loaded (or
 * failed) and been shown for an autoplay interval, when the page is idle, and then turns at once.
 * Its code and its mounting (about 300 ms of a slow phone's main thread) then stay out of the
 * page's start, and its own image (same place, same size) does not count as the largest paint.
 */
function whenIdle(run: () => void): void {
  const idle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 200);
  };
  setTimeout(idle, BANNER_AUTOPLAY_INTERVAL_MS);
}

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

type BannersProps = {
  banners: Banner[];
  /** Test ids: `<prefix>-banner-<id>` per slide, `<prefix>-banner-swiper`. */
  testIdPrefix: string;
  testId: string;
};

/** A row of banners that turns by itself; a tap opens the banner's link (an empty one says "not yet open"). */
export function Banners({ banners, testIdPrefix, testId }: BannersProps) {
  const { go } = useAppNavigate();
  const [moving, setMoving] = useState(false);
  const first = banners[0];
  if (!first) return null;

  const open = (banner: Banner) => {
    if (isExternal(banner.link)) window.open(banner.link, '_blank', 'noopener,noreferrer');
    else go(banner.link);
  };
  const still = (
    <BannerSlide
      banner={first}
      eager
      onOpen={open}
      testIdPrefix={testIdPrefix}
      // A transition: the swiper's first render yields to the browser rather than block it.
      onSettled={() => whenIdle(() => startTransition(() => setMoving(true)))}
    />
  );

  return (
    <div className="banners" data-testid={testId}>
      {banners.length === 1 || !moving ? (
        still
      ) : (
        <Suspense fallback={still}>
          <BannerSwiper banners={banners} onOpen={open} testIdPrefix={testIdPrefix} />
        </Suspense>
      )}
    </div>
  );
}

/** Holds the banners' place, at their size, while they load. */
export function BannersSkeleton({ testId }: { testId: string }) {
  return (
    <div className="banners" data-testid={testId}>
      <Skeleton animated className="banners__skeleton" />
    </div>
  );
}
