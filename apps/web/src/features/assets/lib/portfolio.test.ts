import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AssetBalance } from '@/api/get-balances';
import { largestRemainderShares, usdtValue, valuePortfolio } from './portfolio';

const balances = (values: Partial<Record<'GOLD' | 'USDT' | 'BTC', Partial<AssetBalance>>>) => ({
  GOLD: { asset: 'GOLD' as const, available: '0', locked: '0', earnings: '0', ...values.GOLD },
  USDT: { asset: 'USDT' as const, available: '0', locked: '0', earnings: '0', ...values.USDT },
  BTC: { asset: 'BTC' as const, available: '0', locked: '0', earnings: '0', ...values.BTC },
});

describe('my assets in USDT', () => {
  it('values gold at gold.perUsdt and BTC at its price, exactly, rounded down to the USDT unit', () => {
    const prices = { goldPerUsdt: 100n, btcUsdt: '97123.45' };
    // 5000 gold at 100 a USDT: 50 USDT.
    expect(usdtValue('GOLD', 500_000n, prices)).toBe(50_000_000n);
    // 0.00000001 BTC × 97123.45 = 0.0009712345 USDT: 0.000971 kept.
    expect(usdtValue('BTC', 1n, prices)).toBe(971n);
    // 0.01 gold at 3 a USDT is 0.003333… USDT.
    expect(usdtValue('GOLD', 1n, { goldPerUsdt: 3n, btcUsdt: null })).toBe(3333n);
    expect(usdtValue('BTC', 1n, { goldPerUsdt: 100n, btcUsdt: null })).toBeNull();
    expect(usdtValue('BTC', 0n, { goldPerUsdt: 100n, btcUsdt: null })).toBe(0n);
  });

  it('adds available and locked of every asset into a total, with each share of it', () => {
    const portfolio = valuePortfolio(
      balances({
        GOLD: { available: '5000' },
        USDT: { available: '10.999999', locked: '3.5' },
        BTC: { available: '0.001', locked: '0.000000019' },
      }),
      { goldPerUsdt: 100n, btcUsdt: '60000.5' },
    );
    // 50 + 14.499999 + 0.00100001 × 60000.5 (= 60.0011000... → 60.001100).
    expect(portfolio?.totalUsdtUnits).toBe(124_501_099n);
    expect(portfolio?.rows.map((row) => [row.asset, row.usdtUnits, row.share])).toEqual([
      // 40.159…, 11.646…, 48.193…: truncated they made 99.99; the largest remainder takes the last step.
      ['GOLD', 50_000_000n, '40.16'],
      ['USDT', 14_499_999n, '11.65'],
      ['BTC', 60_001_100n, '48.19'],
    ]);
    const fractions = portfolio?.rows.map((row) => row.fraction) ?? [];
    expect(fractions.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 5);
  });

  it('gives no total while BTC held has no price, and zero shares of nothing', () => {
    expect(valuePortfolio(balances({ BTC: { available: '1' } }), { goldPerUsdt: 100n, btcUsdt: null })).toBeNull();
    const empty = valuePortfolio(balances({}), { goldPerUsdt: 100n, btcUsdt: null });
    expect(empty?.totalUsdtUnits).toBe(0n);
    expect(empty?.rows.map((row) => row.share)).toEqual(['0.00', '0.00', '0.00']);
  });
});

describe('shares that add up to 100.00%', () => {
  it('gives the steps left by rounding down to the largest remainders', () => {
    expect(largestRemainderShares([1n, 1n, 1n], 10_000n)).toEqual([3334n, 3333n, 3333n]);
    expect(largestRemainderShares([2n, 1n], 10_000n)).toEqual([6667n, 3333n]);
    expect(largestRemainderShares([1n, 0n, 0n], 10_000n)).toEqual([10_000n, 0n, 0n]);
    expect(largestRemainderShares([0n, 0n], 10_000n)).toEqual([0n, 0n]);
    // 1/7 = 14.2857…%: six parts of seven.
    expect(largestRemainderShares([1n, 1n, 1n, 1n, 1n, 1n, 1n], 10_000n)).toEqual([
      1429n,
      1429n,
      1429n,
      1429n,
      1428n,
      1428n,
      1428n,
    ]);
  });

  it('always adds up to the whole, each share within one step of its exact value', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 20n }), { minLength: 1, maxLength: 6 }), (parts) => {
        const total = parts.reduce((sum, part) => sum + part, 0n);
        const shares = largestRemainderShares(parts, 10_000n);
        if (total === 0n) {
          expect(shares.every((share) => share === 0n)).toBe(true);
          return;
        }
        expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(10_000n);
        parts.forEach((part, index) => {
          const floor = (part * 10_000n) / total;
          expect([floor, floor + 1n]).toContain(shares[index]);
        });
      }),
    );
  });

  it('shows percentages of my assets that add up to 100.00', () => {
    const portfolio = valuePortfolio(
      balances({ GOLD: { available: '100' }, USDT: { available: '1' }, BTC: { available: '0.00001' } }),
      { goldPerUsdt: 100n, btcUsdt: '100000' },
    );
    expect(portfolio?.rows.map((row) => row.share)).toEqual(['33.34', '33.33', '33.33']);
  });
});
