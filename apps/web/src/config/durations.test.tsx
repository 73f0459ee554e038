import { Globals } from '@react-spring/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_INTERVAL_MS } from '@/components/banner-slide';
import { specDurationOf, timeSpringsBySpec } from '@/lib/spring-durations';
import { throttle } from '@/lib/throttle';
import { TOAST_DURATION_MS } from '@/lib/toast';
import {
  MESSAGE_BOX_ANIMATION_MS,
  POPUP_TRANSITION_MS,
  RESIZE_THROTTLE_MS,
  SWIPER_INTERVAL_MS,
  SWIPER_TRANSITION_MS,
  TOAST_MS,
} from './durations';

afterEach(() => vi.useRealTimers());

describe('the app’s durations', () => {
  it('are the spec’s, set once', () => {
    expect([POPUP_TRANSITION_MS, MESSAGE_BOX_ANIMATION_MS, RESIZE_THROTTLE_MS, SWIPER_TRANSITION_MS]).toEqual([
      300, 200, 50, 500,
    ]);
    expect(TOAST_MS).toBe(2000);
    expect(TOAST_DURATION_MS).toBe(TOAST_MS);
    expect(BANNER_AUTOPLAY_INTERVAL_MS).toBe(SWIPER_INTERVAL_MS);
    expect(SWIPER_INTERVAL_MS).toBe(5000);
  });

  it('time antd-mobile’s springs: popups 300 ms, message boxes 200 ms, the swiper’s turn 500 ms', async () => {
    // The physics antd-mobile gives each, read from its code: a change there would fail here.
    const source = async (component: string) =>
      (await import('node:fs')).readFileSync(
        (await import('node:path')).join(process.cwd(), `node_modules/antd-mobile/es/components/${component}`),
        'utf8',
      );
    const physics = (code: string) =>
      [...code.matchAll(/mass: ([\d.]+),\s*tension: (\d+),\s*friction: (\d+)/g)].map(([, mass, tension, friction]) => ({
        mass: Number(mass),
        tension: Number(tension),
        friction: Number(friction),
      }));
    const durationsIn = async (component: string) => physics(await source(component)).map(specDurationOf);
    expect(await durationsIn('popup/popup.js')).toEqual([POPUP_TRANSITION_MS]);
    expect(await durationsIn('mask/mask.js')).toEqual([POPUP_TRANSITION_MS]);
    expect(await durationsIn('center-popup/center-popup.js')).toEqual([MESSAGE_BOX_ANIMATION_MS]);
    const swiper = /config: \{\s*tension: (\d+),\s*friction: (\d+)/.exec(await source('swiper/swiper.js'));
    expect(specDurationOf({ mass: 1, tension: Number(swiper?.[1]), friction: Number(swiper?.[2]) })).toBe(
      SWIPER_TRANSITION_MS,
    );
    expect(specDurationOf({ mass: 1, tension: 170, friction: 26 })).toBeUndefined();

    // Installed, the hook gives such a spring its duration on its first frame, and leaves others.
    timeSpringsBySpec();
    const popup = { animation: { config: { mass: 0.4, tension: 300, friction: 30 } as Record<string, unknown> } };
    const other = { animation: { config: { mass: 1, tension: 170, friction: 26 } as Record<string, unknown> } };
    Globals.willAdvance(popup as never);
    Globals.willAdvance(other as never);
    expect(popup.animation.config.duration).toBe(POPUP_TRANSITION_MS);
    expect(other.animation.config.duration).toBeUndefined();
  });

  it('read the window’s size at most every 50 ms while it changes, and the last size at the end', () => {
    vi.useFakeTimers();
    const read = vi.fn();
    const onResize = throttle(read, RESIZE_THROTTLE_MS);
    onResize();
    expect(read).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(10);
      onResize();
    }
    expect(read).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
