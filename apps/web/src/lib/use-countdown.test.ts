import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts the seconds down from the start to zero, and can start again', () => {
    const { result } = renderHook(() => useCountdown(60));
    expect(result.current.left).toBe(0);
    act(() => result.current.start());
    expect(result.current.left).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.left).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.left).toBe(0);
    act(() => result.current.start());
    expect(result.current.left).toBe(60);
  });

  it('follows the clock, not the number of ticks, when the page was asleep', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.start());
    // A background tab delays its timers: the time passed still counts.
    vi.setSystemTime(Date.now() + 45_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(14);
  });
});
