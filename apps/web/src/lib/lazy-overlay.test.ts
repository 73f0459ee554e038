import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRELOAD_AFTER_LOAD_MS, preloadDelay, preloadWhenIdle } from './lazy-overlay';

/** The document's navigation timing (jsdom has none): its load ended at `loadEventEnd`, 0 while loading. */
function navigation(loadEventEnd: number) {
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => (type === 'navigation' ? [{ loadEventEnd }] : []),
  });
}

afterEach(() => {
  Reflect.deleteProperty(performance, 'getEntriesByType');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('code fetched ahead of need', () => {
  it('waits until PRELOAD_AFTER_LOAD_MS after the document’s load, whole while it still loads', () => {
    expect(preloadDelay()).toBe(0);
    vi.spyOn(performance, 'now').mockReturnValue(1500);
    navigation(1000);
    expect(preloadDelay()).toBe(PRELOAD_AFTER_LOAD_MS - 500);
    navigation(0);
    expect(preloadDelay()).toBe(PRELOAD_AFTER_LOAD_MS);
    vi.spyOn(performance, 'now').mockReturnValue(1000 + PRELOAD_AFTER_LOAD_MS + 1);
    navigation(1000);
    expect(preloadDelay()).toBe(0);
  });

  it('asks for the code after that wait, when idle, and not at all once cleaned up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    navigation(0);
    const load = vi.fn(async () => undefined);
    preloadWhenIdle(load);
    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_LOAD_MS - 10);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(load).toHaveBeenCalledTimes(1);
    const dropped = vi.fn(async () => undefined);
    preloadWhenIdle(dropped)();
    await vi.advanceTimersByTimeAsync(PRELOAD_AFTER_LOAD_MS * 2);
    expect(dropped).not.toHaveBeenCalled();
  });
});
