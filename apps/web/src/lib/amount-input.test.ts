import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount-check';
import { amountInput } from './amount-input';

describe('what an amount field takes', () => {
  it('takes digits and one point, up to the places of the asset', () => {
    expect(amountInput('12', 2)).toBe('12');
    expect(amountInput('12.', 2)).toBe('12.');
    expect(amountInput('12.34', 2)).toBe('12.34');
    expect(amountInput('0.00000001', 8)).toBe('0.00000001');
    expect(amountInput('', 2)).toBe('');
    expect(amountInput(' 5.5 ', 2)).toBe('5.5');
    expect(amountInput('１２．５', 2)).toBe('12.5');
    expect(amountInput('1,5', 2)).toBe('1.5');
    expect(amountInput('.5', 2)).toBe('0.5');
    expect(amountInput('007', 2)).toBe('7');
    expect(amountInput('00.5', 2)).toBe('0.5');
  });

  it('refuses anything else, so the field keeps what it had', () => {
    for (const text of ['abc', '1e3', '-1', '+1', '1.2.3', '12.345', '1..', '0x10', '1 000', '1,000.5', 'NaN']) {
      expect([text, amountInput(text, 2)]).toEqual([text, null]);
    }
    expect(amountInput('1.5', 0)).toBeNull();
    expect(amountInput('0.000000001', 8)).toBeNull();
  });

  it('lets in only what the amount check reads as an amount, or its start', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.constantFrom(2, 8), (text, places) => {
        const taken = amountInput(text, places);
        if (taken === null || taken === '' || taken.endsWith('.')) return;
        const checked = checkAmount(taken, places === 2 ? 'USDT' : 'BTC');
        expect([taken, checked.ok || checked.reason === 'notPositive' || checked.reason === 'insufficient']).toEqual([
          taken,
          true,
        ]);
      }),
    );
  });
});

describe('every amount field of the app', () => {
  it('is a MoneyField with the places of its asset: none takes "abc" or "1e3"', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'),
    );
    let decimals = 0;
    for (const file of files) {
      const source = readFileSync(path.join(src, file), 'utf8');
      // Each field's props, from its tag to the end of the tag.
      for (const [field] of source.matchAll(/<MoneyField[\s\S]*?\/>/g)) {
        if (!field.includes('inputMode="decimal"')) continue;
        decimals += 1;
        expect(field, file).toMatch(/\bplaces=\{/);
      }
    }
    expect(decimals).toBeGreaterThanOrEqual(6);
  });
});
