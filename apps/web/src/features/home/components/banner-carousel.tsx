import type { Banner } from '@minecloud/contract/config';
import { Skeleton } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { ErrorState } from '@/components/error-state';
import { useAppNavigate } from '@/lib/navigation';
import { BannerSlide } from './banner-slide';
import './banner-carousel.css';

// The swiper's gesture and animation code comes after the first paint; until then the first
// banner is shown still, in the same box, so nothing moves.
const BannerSwiper = lazy(() => import('./banner-swiper'));

function isExternal(link: string): boolean {
  return /^https?:\/\//i.test(link);
}

export function BannerCarousel() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const config = useBasicConfig();

  if (config.isPending) {
    return (
      <div className="banner-carousel" data-testid="home-banners-loading">
        <Skeleton animated className="banner-carousel__skeleton" />
      </div>
    );
  }
  if (config.isError) {
    return (
      <ErrorState message={t('homeBannersFailed')} onRetry={() => void config.refetch()} testId="home-banners-error" />
    );
  }
  const { banners } = config.data;
  const first = banners[0];
  if (!first) return null;

  const open = (banner: Banner) => {
    if (isExternal(banner.link)) window.open(banner.link, '_blank', 'noopener,noreferrer');
    else go(banner.link);
  };

  return (
    <div className="banner-carousel" data-testid="home-banners">
      {banners.length === 1 ? (
        <BannerSlide banner={first} eager onOpen={open} />
      ) : (
        <Suspense fallback={<BannerSlide banner={first} eager onOpen={open} />}>
          <BannerSwiper banners={banners} onOpen={open} />
        </Suspense>
      )}
    </div>
  );
}
