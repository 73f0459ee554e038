import type { Banner } from '@minecloud/contract/config';
import { Swiper, type SwiperRef } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { timeSpringsBySpec } from '@/lib/spring-durations';
import { BANNER_AUTOPLAY_INTERVAL_MS, BannerSlide } from './banner-slide';

// Its transitions take the app's durations (config/durations.ts).
timeSpringsBySpec();

export { BANNER_AUTOPLAY_INTERVAL_MS };

type BannerSwiperProps = { banners: Banner[]; onOpen: (banner: Banner) => void; testIdPrefix: string };

/** Mounted once the first banner has been shown still for an interval (banners.tsx): turns to the next at once. */
export default function BannerSwiper({ banners, onOpen, testIdPrefix }: BannerSwiperProps) {
  const swiper = useRef<SwiperRef>(null);
  useEffect(() => swiper.current?.swipeNext(), []);
  return (
    <Swiper
      ref={swiper}
      autoplay
      autoplayInterval={BANNER_AUTOPLAY_INTERVAL_MS}
      loop
      data-testid={`${testIdPrefix}-banner-swiper`}
    >
      {banners.map((banner, index) => (
        <Swiper.Item key={banner.id}>
          <BannerSlide banner={banner} eager={index === 0} onOpen={onOpen} testIdPrefix={testIdPrefix} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
