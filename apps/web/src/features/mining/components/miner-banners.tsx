import { Banners, BannersSkeleton } from '@/components/banners';
import { useMinerBanners } from '../api/get-miner-banners';

/** The banners above the miner shop. They are decoration: when they fail, the shop goes on without them. */
export function MinerBanners() {
  const banners = useMinerBanners();
  if (banners.isPending) return <BannersSkeleton testId="miner-banners-loading" />;
  if (banners.isError) return null;
  return <Banners banners={banners.data.list} testIdPrefix="miner" testId="miner-banners" />;
}
