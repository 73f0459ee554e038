import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from './lighthouse-calibration.ts';

describe('calibratedCpuSlowdown', () => {
  it('gives the default 4× to the host class the mobile preset assumes', () => {
    expect(calibratedCpuSlowdown(1533)).toBe(4);
    expect(calibratedCpuSlowdown(2000)).toBe(6);
  });

  it('follows the throttling guide bracket by bracket, continuous at the edges', () => {
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
    expect(calibratedCpuSlowdown(1299.9)).toBeCloseTo(3, 2);
    expect(calibratedCpuSlowdown(799.9)).toBeCloseTo(2, 2);
  });

  it('never speeds a host up, and refuses a missing index', () => {
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(90)).toBe(1);
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow();
    expect(() => calibratedCpuSlowdown(0)).toThrow();
  });
});
