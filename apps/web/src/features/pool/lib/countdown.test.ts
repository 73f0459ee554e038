import { describe, expect, it } from 'vitest';
import { countdownText, hasEnded } from './countdown';

const ENDS = '2024-05-06T16:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('countdownText', () => {
  it('shows hours, minutes and seconds left, whole seconds down', () => {
    expect(countdownText(ENDS, at('2024-05-06T06:29:04.300Z'))).toBe('09:30:55');
    expect(countdownText(ENDS, at('2024-05-06T15:59:59.001Z'))).toBe('00:00:00');
    expect(countdownText(ENDS, at('2024-05-05T15:00:00.000Z'))).toBe('25:00:00');
  });

  it('stops at 00:00:00 once the round has ended', () => {
    expect(countdownText(ENDS, at('2024-05-06T16:00:05.000Z'))).toBe('00:00:00');
    expect(hasEnded(ENDS, at('2024-05-06T16:00:00.000Z'))).toBe(true);
    expect(hasEnded(ENDS, at('2024-05-06T15:59:59.000Z'))).toBe(false);
  });
});
