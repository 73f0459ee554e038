import { describe, expect, it } from 'vitest';
import { anyDaySettled, nextDay, todayEstimate } from './output-estimate';

const day = (date: string, btc = '0') => ({ day: date, btc, hashRate: '0', settled: null });

describe("today's output estimate", () => {
  it('is the hash rate × the rate, exactly, rounded down to the satoshi, for the day after the list', () => {
    // 285.504700 TH/s × 0.0000008 = 0.00022840376 BTC.
    expect(todayEstimate([day('2024-05-30'), day('2024-05-31')], '285.5047', '0.0000008')).toEqual({
      day: '2024-06-01',
      btc: '0.0002284',
      hashRate: '285.5047',
      estimate: true,
    });
    // A float would make 0.1 × 3 TH/s a hair over or under: bigints do not.
    expect(todayEstimate([day('2024-12-31')], '3', '0.1')?.btc).toBe('0.3');
    expect(todayEstimate([day('2024-12-31')], '0.000001', '0.00000001')?.btc).toBe('0');
  });

  it('is nothing without a day, a hash rate or a readable rate', () => {
    expect(todayEstimate([], '10', '0.0000008')).toBeNull();
    expect(todayEstimate([day('2024-05-31')], '0', '0.0000008')).toBeNull();
    expect(todayEstimate([day('2024-05-31')], '10', null)).toBeNull();
    expect(todayEstimate([day('2024-05-31')], '10', '1e-7')).toBeNull();
  });

  it('counts a day as settled once it paid anything', () => {
    expect(anyDaySettled([day('2024-05-30'), day('2024-05-31')])).toBe(false);
    expect(anyDaySettled([day('2024-05-30'), day('2024-05-31', '0.00000001')])).toBe(true);
  });

  it('turns the calendar over months and years', () => {
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
  });
});
