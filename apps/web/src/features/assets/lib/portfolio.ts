import { ASSET_SCALES, ASSETS, type Asset, parseAmount, truncateDecimals } from '@minecloud/contract/amount';
import { applyRate } from '@minecloud/contract/decimal';
import type { AssetBalance } from '@/api/get-balances';

/** GOLD has 2 decimals and USDT 6: USDT units = gold units × 10^4 / gold per USDT. */
const GOLD_TO_USDT_UNITS = 10n ** BigInt(ASSET_SCALES.USDT - ASSET_SCALES.GOLD);
/** BTC units × a USDT price are in 10^-8 USDT: 100 of them make a USDT unit (10^-6). */
const BTC_TO_USDT_UNITS = 10n ** BigInt(ASSET_SCALES.BTC - ASSET_SCALES.USDT);

export type AssetValue = {
  asset: Asset;
  /** The balance (available + locked), in the asset's units. */
  units: bigint;
  /** Its value in USDT units (10^-6), rounded down. */
  usdtUnits: bigint;
  /**
   * Its share of the total in percent with 2 decimals ("66.67"), the shares rounded together so
   * they add up to 100.00 (largestRemainderShares); "0.00" of a zero total.
   */
  share: string;
  /** Its part of the circle, 0 to 1: a float, for drawing only. */
  fraction: number;
};

export type Portfolio = { rows: AssetValue[]; totalUsdtUnits: bigint };

export type Prices = {
  /** The setting gold.perUsdt: gold coins one USDT buys. */
  goldPerUsdt: bigint;
  /** BTCUSDT's latest price, as the market gave it; null before the feed has one. */
  btcUsdt: string | null | undefined;
};

/** A balance string in units of `asset`, cut (never rounded) to the asset's places. */
function balanceUnits(value: string | undefined, asset: Asset): bigint {
  if (!value) return 0n;
  const parsed = parseAmount(truncateDecimals(value, ASSET_SCALES[asset]), asset);
  return parsed.ok ? parsed.units : 0n;
}

/** USDT units `units` of `asset` are worth at `prices`, or null when BTC has no price to go by. */
export function usdtValue(asset: Asset, units: bigint, prices: Prices): bigint | null {
  if (asset === 'USDT') return units;
  if (asset === 'GOLD') return (units * GOLD_TO_USDT_UNITS) / prices.goldPerUsdt;
  const price = prices.btcUsdt?.trim();
  if (!price || !/^\d+(\.\d+)?$/.test(price)) return units === 0n ? 0n : null;
  return applyRate(units, price) / BTC_TO_USDT_UNITS;
}

/**
 * Every asset's balance (available + locked) valued in USDT at `prices`, exactly: bigint units,
 * each value rounded down to the USDT unit, and their total. Null while BTC held has no price.
 */
export function valuePortfolio(balances: Record<Asset, AssetBalance>, prices: Prices): Portfolio | null {
  const valued: { asset: Asset; units: bigint; usdtUnits: bigint }[] = [];
  for (const asset of ASSETS) {
    const balance = balances[asset];
    const units = balanceUnits(balance.available, asset) + balanceUnits(balance.locked, asset);
    const usdtUnits = usdtValue(asset, units, prices);
    if (usdtUnits === null) return null;
    valued.push({ asset, units, usdtUnits });
  }
  const totalUsdtUnits = valued.reduce((sum, row) => sum + row.usdtUnits, 0n);
  const shares = largestRemainderShares(
    valued.map((row) => row.usdtUnits),
    10_000n,
  );
  return {
    totalUsdtUnits,
    rows: valued.map((row, index) => ({
      ...row,
      share: basisPointsText(shares[index] ?? 0n),
      fraction: totalUsdtUnits > 0n ? Number((row.usdtUnits * 1_000_000n) / totalUsdtUnits) / 1_000_000 : 0,
    })),
  };
}

/**
 * `parts` shared out of `scale` (10,000 basis points: 100.00%) in whole steps that add up to
 * `scale` exactly: each takes its share rounded down, and the steps left over go one each to the
 * parts with the largest remainders (the earlier part first on a tie). Truncating each share alone
 * showed 33.33% three times: 99.99%. All zeros when the parts are.
 */
export function largestRemainderShares(parts: readonly bigint[], scale: bigint): bigint[] {
  const total = parts.reduce((sum, part) => sum + part, 0n);
  if (total <= 0n) return parts.map(() => 0n);
  const shares = parts.map((part) => (part * scale) / total);
  const left = scale - shares.reduce((sum, share) => sum + share, 0n);
  const byRemainder = parts
    .map((part, index) => ({ index, remainder: (part * scale) % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder.slice(0, Number(left))) shares[index] = (shares[index] ?? 0n) + 1n;
  return shares;
}

/** Basis points as a percentage with 2 decimals: 3334n → "33.34". */
function basisPointsText(basisPoints: bigint): string {
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
}
