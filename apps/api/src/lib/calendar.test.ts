import { describe, expect, it } from 'vitest';
import { dayOf, startOfDay } from './calendar.ts';

describe('settlement days', () => {
  it('gives each time zone its own day and midnight, asked in turns', () => {
    const instant = new Date('2026-11-29T20:30:00Z');
    for (let turn = 0; turn < 2; turn += 1) {
      expect(dayOf(instant, 'Asia/Shanghai')).toBe('2026-11-30');
      expect(dayOf(instant, 'America/New_York')).toBe('2026-11-29');
      expect(dayOf(instant, 'UTC')).toBe('2026-11-29');
      expect(startOfDay('2026-11-30', 'Asia/Shanghai').toISOString()).toBe('2026-11-29T16:00:00.000Z');
      expect(startOfDay('2026-11-30', 'America/New_York').toISOString()).toBe('2026-11-30T05:00:00.000Z');
    }
  });

  it('finds midnight on either side of a daylight-saving change', () => {
    // New York moves its clocks on 2026-03-08 at 02:00 and on 2026-11-01 at 02:00.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});
