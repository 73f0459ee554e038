import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  ASSETS,
  type Asset,
  ENTRY_PLACES,
  enterableUnits,
  formatAmount,
  groupByThrees,
  groupedAmount,
  parseAmount,
  parseMemberAmount,
  shownParts,
  truncateDecimals,
} from './amount.ts';
import { LOCALES } from './locales.ts';

describe('parseMemberAmount: the one amount rule a member meets', () => {
  it.each([
    ['1.005', 'USDT'],
    ['10.999', 'USDT'],
    ['12.345', 'USDT'],
    ['0.001', 'GOLD'],
    ['0.000000001', 'BTC'],
  ] as const)('refuses %s %s: more decimals than a member may enter', (text, asset) => {
    expect(parseMemberAmount(text, asset)).toEqual({ ok: false, reason: 'tooManyDecimals' });
  });

  it.each([
    ['1.00', 'USDT', 1_000_000n],
    ['12.34', 'USDT', 12_340_000n],
    ['12.3400', 'USDT', 12_340_000n],
    ['5', 'GOLD', 500n],
    ['0.00000001', 'BTC', 1n],
  ] as const)('takes %s %s', (text, asset, units) => {
    expect(parseMemberAmount(text, asset)).toEqual({ ok: true, units });
  });

  it('refuses zero, signs and words as parsePositiveAmount does', () => {
    expect(parseMemberAmount('0.00', 'USDT')).toEqual({ ok: false, reason: 'notPositive' });
    expect(parseMemberAmount('-5', 'USDT')).toEqual({ ok: false, reason: 'notANumber' });
    expect(parseMemberAmount('1e3', 'GOLD')).toEqual({ ok: false, reason: 'notANumber' });
  });

  it('names gold coins and USDT 2 places and BTC 8', () => {
    expect(ENTRY_PLACES).toEqual({ GOLD: 2, USDT: 2, BTC: 8 });
  });
});

describe('enterableUnits: what an All button fills in', () => {
  it('rounds down to the places a member may enter, never up', () => {
    expect(formatAmount(enterableUnits(512_345_678n, 'USDT'), 'USDT')).toBe('512.34');
    expect(formatAmount(enterableUnits(999n, 'USDT'), 'USDT')).toBe('0');
    expect(formatAmount(enterableUnits(123n, 'GOLD'), 'GOLD')).toBe('1.23');
    expect(formatAmount(enterableUnits(12_345_678n, 'BTC'), 'BTC')).toBe('0.12345678');
  });
});

describe('shownParts: what a screen shows adds up', () => {
  const amount = (asset: Asset) => fc.bigInt({ min: 0n, max: 10n ** 15n }).map((units) => formatAmount(units, asset));

  it('for random balances and locks, the shown parts add up to the shown total', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ASSETS),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 4 }),
        (asset, units) => {
          const parts = units.map((u) => formatAmount(u, asset));
          const shown = shownParts(parts, asset);
          const places = ENTRY_PLACES[asset];
          const sum = shown.parts.reduce((total, part) => {
            const parsed = parseAmount(part, asset);
            return total + (parsed.ok ? parsed.units : 0n);
          }, 0n);
          const total = parseAmount(shown.total, asset);
          expect(total.ok && total.units).toBe(sum);
          // Every shown figure has exactly the asset's places and never exceeds its true value.
          for (const [i, part] of shown.parts.entries()) {
            expect(part.split('.')[1]?.length ?? 0).toBe(places);
            const real = parseAmount(parts[i] ?? '0', asset);
            const seen = parseAmount(part, asset);
            expect(real.ok && seen.ok && seen.units <= real.units).toBe(true);
          }
        },
      ),
    );
    fc.assert(
      fc.property(amount('USDT'), (a) => {
        const one = shownParts([a], 'USDT');
        expect(one.total).toBe(one.parts[0]);
      }),
    );
  });

  it('shows 767.65 + 12.34 = 779.99 where truncating the 780.00 total would not add up', () => {
    expect(shownParts(['767.655', '12.345'], 'USDT')).toEqual({ parts: ['767.65', '12.34'], total: '779.99' });
  });
});

describe('groupedAmount', () => {
  it.each(['zh-CN', 'en', 'zh-TW', 'ko-KR', 'ms-MY'])('groups thousands in %s', (locale) => {
    expect(groupedAmount('5961.509', 2, locale)).toBe('5,961.50');
    expect(groupedAmount('1234567.1', 2, locale)).toBe('1,234,567.10');
    expect(groupedAmount('-1234', 2, locale)).toBe('-1,234.00');
    expect(groupedAmount('12', 0, locale)).toBe('12');
  });
  it('keeps BTC places and huge values exactly', () => {
    expect(groupedAmount('12345.123456789', 8, 'en')).toBe('12,345.12345678');
    expect(groupedAmount('92233720368547.75807', 2, 'en')).toBe('92,233,720,368,547.75');
  });
  it("keeps each locale's own separators when locales alternate", () => {
    expect(groupedAmount('1234.5', 2, 'de-DE')).toBe('1.234,50');
    expect(groupedAmount('1234.5', 2, 'en')).toBe('1,234.50');
    expect(groupedAmount('1234.5', 2, 'de-DE')).toBe('1.234,50');
  });
  it('builds a locale’s number formats once, not per amount (a long list on a phone)', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 50; i += 1) groupedAmount(`${i}000.5`, 2, 'fr-CH');
    expect(made.mock.calls.length).toBeLessThanOrEqual(2);
    made.mockRestore();
  });
  it('is truncateDecimals then groupByThrees in the app’s languages, each working from its source text alone', () => {
    // The member app's inline script runs their source text (scripts/shell/script.ts).
    const alone = <T>(code: T): T => new Function(`return (${String(code)});`)();
    const [truncate, group] = [alone(truncateDecimals), alone(groupByThrees)];
    for (const value of ['5961.509', '-1234', '-0.001', '0', '', 'x', '.5', '92233720368547.75807']) {
      expect(group(truncate(value, 2))).toBe(groupedAmount(value, 2, 'zh-CN'));
      expect(group(truncate(value, 8))).toBe(groupedAmount(value, 8, 'en'));
    }
  });
  it.each(LOCALES)('groups %s as Intl does, without building a number format', (locale) => {
    const intl = new Intl.NumberFormat(locale, { useGrouping: true });
    const decimal = intl.formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (const whole of ['0', '7', '999', '1000', '-12345', '1234567', '92233720368547']) {
      expect(groupedAmount(`${whole}.25`, 2, locale)).toBe(`${intl.format(BigInt(whole))}${decimal}25`);
      expect(groupedAmount(whole, 0, locale)).toBe(intl.format(BigInt(whole)));
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});
