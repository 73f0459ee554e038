import type { Banner } from '@minecloud/contract/config';
import { Swiper } from 'antd-mobile';
import { BannerSlide } from './banner-slide';

/** Spec point 9: the swiper turns every 5000 ms (its spring settles in about 500 ms). */
export const BANNER_AUTOPLAY_INTERVAL_MS = 5000;

type BannerSwiperProps = { banners: Banner[]; onOpen: (banner: Banner) => void; testIdPrefix: string };

export default function BannerSwiper({ banners, onOpen, testIdPrefix }: BannerSwiperProps) {
  return (
    <Swiper autoplay autoplayInterval={BANNER_AUTOPLAY_INTERVAL_MS} loop data-testid={`${testIdPrefix}-banner-swiper`}>
      {banners.map((banner, index) => (
        <Swiper.Item key={banner.id}>
          <BannerSlide banner={banner} eager={index === 0} onOpen={onOpen} testIdPrefix={testIdPrefix} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
