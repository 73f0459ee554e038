import { describe, expect, it } from 'vitest';
import { sumHashRates } from './display';

describe('display', () => {
  it('adds hash rates exactly', () => {
    expect(sumHashRates('285.5', '0.0047')).toBe('285.5047');
    expect(sumHashRates('0.1', '0.2')).toBe('0.3');
  });
});
