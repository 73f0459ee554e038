import { describe, expect, it } from 'vitest';
import { btcText, sumHashRates } from './display';

describe('display', () => {
  it('keeps 8 places of BTC, truncated', () => {
    expect(btcText('0.000123456')).toBe('0.00012345');
    expect(btcText('1')).toBe('1.00000000');
  });

  it('adds hash rates exactly', () => {
    expect(sumHashRates('285.5', '0.0047')).toBe('285.5047');
    expect(sumHashRates('0.1', '0.2')).toBe('0.3');
  });
});
