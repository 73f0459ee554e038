import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { Banners, BannersSkeleton } from '@/components/banners';
import { ErrorState } from '@/components/error-state';

/** The home tab's banners, from the basic config. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const config = useBasicConfig();

  if (config.isPending) return <BannersSkeleton testId="home-banners-loading" />;
  if (config.isError) {
    return (
      <ErrorState message={t('homeBannersFailed')} onRetry={() => void config.refetch()} testId="home-banners-error" />
    );
  }
  return <Banners banners={config.data.banners} testIdPrefix="home" testId="home-banners" />;
}
