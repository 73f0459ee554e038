import type { Banner } from '@minecloud/contract/config';
import { SWIPER_INTERVAL_MS } from '@/config/durations';

/** The swiper turns every 5000 ms; each turn takes SWIPER_TRANSITION_MS (lib/spring-durations.ts). */
export const BANNER_AUTOPLAY_INTERVAL_MS = SWIPER_INTERVAL_MS;

type BannerSlideProps = {
  banner: Banner;
  eager: boolean;
  onOpen: (banner: Banner) => void;
  testIdPrefix: string;
  /** Called once the image has loaded or failed. */
  onSettled?: () => void;
};

/**
 * One banner: its art (which carries no text, so it serves every language) and, over it, its title
 * and subtitle in the reader's language as the server chose them (`lang`: the version's own).
 * The scripts/shell/script.ts shell draws the same markup for the first banner before the app runs.
 */
export function BannerSlide({ banner, eager, onOpen, testIdPrefix, onSettled }: BannerSlideProps) {
  return (
    <button
      type="button"
      className="plain-button banners__slide"
      lang={banner.lang}
      onClick={() => onOpen(banner)}
      data-testid={`${testIdPrefix}-banner-${banner.id}`}
    >
      <img
        src={banner.image}
        alt=""
        width={750}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        draggable={false}
        onLoad={onSettled}
        onError={onSettled}
      />
      <span className="banners__text">
        <span className="banners__title">{banner.title}</span>
        {banner.subtitle && <span className="banners__subtitle">{banner.subtitle}</span>}
      </span>
    </button>
  );
}
