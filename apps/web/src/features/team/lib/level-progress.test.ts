import { describe, expect, it } from 'vitest';
import { isPositive, progressTowards } from './level-progress';

describe('progressTowards', () => {
  it('gives the share reached, truncated to 2 decimals', () => {
    expect(progressTowards('18750', '50000')).toEqual({ value: 37.5, text: '37.50' });
    // 2/3 is 66.666…%: truncated, not rounded up.
    expect(progressTowards('2', '3')).toEqual({ value: 66.66, text: '66.66' });
    expect(progressTowards('0.000001', '50000')).toEqual({ value: 0, text: '0.00' });
  });

  it('stops at 100 once the requirement is met', () => {
    expect(progressTowards('50000', '50000').text).toBe('100.00');
    expect(progressTowards('123456.789', '50000')).toEqual({ value: 100, text: '100.00' });
  });

  it('counts a requirement of 0 as reached, and an unreadable figure as 0', () => {
    expect(progressTowards('0', '0').text).toBe('100.00');
    expect(progressTowards('abc', '100').text).toBe('0.00');
  });
});

describe('isPositive', () => {
  it('tells a positive U amount from zero', () => {
    expect(isPositive('0.000001')).toBe(true);
    expect(isPositive('0')).toBe(false);
    expect(isPositive('0.000')).toBe(false);
  });
});
