import { describe, expect, it } from 'vitest';
import { roundSpan } from './round-time';

// Local times, so the expected text holds in any time zone.
const local = (...parts: [number, number, number, number, number]) => new Date(...parts).toISOString();

describe('roundSpan', () => {
  it("names the round's day and its start and end in local time", () => {
    expect(roundSpan(local(2026, 10, 23, 7, 24), local(2026, 10, 23, 7, 27))).toEqual({
      day: '2026-11-23',
      span: '07:24–07:27',
    });
  });

  it('names the day a round started when it ends after midnight', () => {
    expect(roundSpan(local(2026, 10, 23, 23, 59), local(2026, 10, 24, 0, 0))).toEqual({
      day: '2026-11-23',
      span: '23:59–00:00',
    });
  });

  it('gives nothing for an unreadable time', () => {
    expect(roundSpan('soon', local(2026, 10, 24, 0, 0))).toBeNull();
  });
});
