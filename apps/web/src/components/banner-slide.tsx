import type { Banner } from '@minecloud/contract/config';

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
