import { ASSET_SCALES, ASSETS, type Asset, parseAmount, truncateDecimals } from '@minecloud/contract/amount';
import { applyRate, percentText } from '@minecloud/contract/decimal';
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
  /** Its share of the total in percent, truncated to 2 decimals ("66.66"); "0.00" of a zero total. */
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
  return {
    totalUsdtUnits,
    rows: valued.map((row) => ({
      ...row,
      share: totalUsdtUnits > 0n ? percentText(row.usdtUnits, totalUsdtUnits) : '0.00',
      fraction: totalUsdtUnits > 0n ? Number((row.usdtUnits * 1_000_000n) / totalUsdtUnits) / 1_000_000 : 0,
    })),
  };
}
