import type { Banner } from '@minecloud/contract/config';

/** Spec point 9: the swiper turns every 5000 ms (its spring settles in about 500 ms). */
export const BANNER_AUTOPLAY_INTERVAL_MS = 5000;

type BannerSlideProps = {
  banner: Banner;
  eager: boolean;
  onOpen: (banner: Banner) => void;
  testIdPrefix: string;
  /** Called once the image has loaded or failed. */
  onSettled?: () => void;
};

export function BannerSlide({ banner, eager, onOpen, testIdPrefix, onSettled }: BannerSlideProps) {
  return (
    <button
      type="button"
      className="plain-button banners__slide"
      onClick={() => onOpen(banner)}
      data-testid={`${testIdPrefix}-banner-${banner.id}`}
    >
      <img
        src={banner.image}
        alt={banner.title}
        width={750}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        draggable={false}
        onLoad={onSettled}
        onError={onSettled}
      />
    </button>
  );
}
