import { describe, expect, it } from 'vitest';
import { checkForge } from './forge-check';

describe('checkForge', () => {
  it('asks for an amount, then a valid one', () => {
    expect(checkForge('', '10', '500')).toEqual({ ok: false, reason: 'required' });
    expect(checkForge('  ', '10', '500')).toEqual({ ok: false, reason: 'required' });
    expect(checkForge('ten', '10', '500')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkForge('-5', '10', '500')).toEqual({ ok: false, reason: 'invalid' });
    expect(checkForge('10.001', '10', '500')).toEqual({ ok: false, reason: 'tooManyDecimals', places: 2 });
  });

  it('refuses less than the minimum, 0 included', () => {
    expect(checkForge('0', '10', '500')).toEqual({ ok: false, reason: 'notPositive' });
    expect(checkForge('9.99', '10', '500')).toEqual({ ok: false, reason: 'belowMinimum', min: '10' });
  });

  it('refuses more than the available gold, after the minimum', () => {
    expect(checkForge('500.01', '10', '500')).toEqual({ ok: false, reason: 'insufficient' });
    expect(checkForge('5', '10', '1')).toEqual({ ok: false, reason: 'belowMinimum', min: '10' });
  });

  it('passes the canonical amount in bigint units', () => {
    expect(checkForge('10', '10', '500')).toEqual({ ok: true, units: 1000n, amount: '10' });
    expect(checkForge('12.50', '10', null)).toEqual({ ok: true, units: 1250n, amount: '12.5' });
  });
});
