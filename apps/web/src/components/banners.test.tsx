import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASIC_CONFIG } from '@/test/render-app';
import { BANNER_AUTOPLAY_INTERVAL_MS } from './banner-slide';
import { Banners } from './banners';

const swipeNext = vi.fn();
vi.mock('antd-mobile', async (original) => {
  const antd = await original<typeof import('antd-mobile')>();
  const { forwardRef, useImperativeHandle } = await import('react');
  // The real swiper, with its swipeNext watched.
  const Swiper = Object.assign(
    forwardRef<unknown, Parameters<typeof antd.Swiper>[0]>(function WatchedSwiper(props, ref) {
      useImperativeHandle(ref, () => ({ swipeNext, swipePrev: () => {}, swipeTo: () => {} }));
      return <antd.Swiper {...props} />;
    }),
    { Item: antd.Swiper.Item },
  );
  return { ...antd, Swiper };
});

afterEach(() => {
  vi.useRealTimers();
});

function renderBanners() {
  const router = createMemoryRouter(
    [{ path: '/', element: <Banners banners={BASIC_CONFIG.banners} testIdPrefix="home" testId="home-banners" /> }],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the banners', () => {
  it('show the first banner still for an autoplay interval, then the swiper, which turns at once', async () => {
    vi.useFakeTimers();
    renderBanners();
    const still = screen.getByTestId('home-banner-b1');
    expect(still).toHaveTextContent('MiningDaily output');
    fireEvent.load(still.querySelector('img') as HTMLImageElement);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BANNER_AUTOPLAY_INTERVAL_MS - 100);
    });
    expect(screen.queryByTestId('home-banner-swiper')).toBeNull();
    expect(document.querySelectorAll('.banners img')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    vi.useRealTimers();
    expect(await screen.findByTestId('home-banner-swiper')).toBeInTheDocument();
    expect(screen.getByTestId('home-banner-b2')).toHaveTextContent('Team');
    expect(swipeNext).toHaveBeenCalledOnce();
  });
});
