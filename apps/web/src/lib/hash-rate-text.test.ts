import { describe, expect, it } from 'vitest';
import { hashRateText } from './hash-rate-text';

describe('hashRateText', () => {
  it('truncates hash rates to 2 decimals, unless that would hide a small one', () => {
    expect(hashRateText('95.999999')).toBe('95.99');
    expect(hashRateText('100')).toBe('100.00');
    expect(hashRateText('0')).toBe('0.00');
    expect(hashRateText('0.0047')).toBe('0.0047');
    expect(hashRateText('0.015')).toBe('0.01');
  });
});
