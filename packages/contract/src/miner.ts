import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { bannerSchema } from './config.ts';
import { applyRate } from './decimal.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';

/**
 * Hash rate is kept in integer units of 10^-6 TH/s (a bigint on the server, a decimal string of
 * TH/s on the wire), like money: no float ever holds it.
 */
export const HASH_SCALE = 6;

/** Formats hash units as TH/s, full precision, without trailing zeros. */
export function formatHashRate(units: bigint): string {
  const base = 10n ** BigInt(HASH_SCALE);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const fraction = (abs % base).toString().padStart(HASH_SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / base}${fraction ? `.${fraction}` : ''}`;
}

/** Parses TH/s ("12.5") into hash units, or null when it is not a non-negative decimal of ≤ 6 places. */
export function parseHashRate(text: string): bigint | null {
  const match = /^(0|[1-9]\d{0,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 10n ** BigInt(HASH_SCALE) + BigInt((match[2] ?? '').padEnd(HASH_SCALE, '0'));
}

/**
 * Satoshis a hash rate (hash units) earns in one full day at `btcPerThPerDay` (a setting's exact
 * decimal): units × rate × 100, rounded down, as the daily settlement pays it.
 */
export function dailySatoshis(hashUnits: bigint, btcPerThPerDay: string): bigint {
  return applyRate(hashUnits * 100n, btcPerThPerDay);
}

const id = z.string();
/** A product id from the catalogue: absent means "Select a miner first". */
export const productIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,15}$/);

export const minerProductSchema = z.object({
  id,
  name: z.string(),
  image: z.string(),
  /** TH/s of one unit as sold (the member's miner gets this less the burn). */
  hashRate: z.string(),
  /** TH/s the member's miner keeps per unit, after the burn. */
  keptHashRate: z.string(),
  /** Percent of a new miner's hash rate burned into the black hole (config `mining.burnRate`). */
  burnRatePct: z.string(),
  /** USDT per unit. */
  price: z.string(),
  durationDays: z.number().int(),
  stock: z.number().int(),
  minQuantity: z.number().int(),
  /** BTC one unit earns per full day at the rate of `dailyOutputBasis`, after the burn. */
  dailyOutputBtc: z.string(),
  /**
   * The rate behind `dailyOutputBtc`: the fixed rate in force now (`day` null), or in the network
   * mode the last settled day's (`day`; null when none is settled yet, and the output is then 0).
   */
  dailyOutputBasis: z.object({ output: z.enum(['fixed', 'network']), day: z.string().nullable() }),
});
export type MinerProduct = z.infer<typeof minerProductSchema>;
export const minerProductPageSchema = pageSchema(minerProductSchema);

/** As home's banners (config.ts bannerSchema): in the reader's language, its text over text-free art. */
export const minerBannerSchema = bannerSchema.extend({});
export const minerBannersAnswerSchema = z.object({ list: z.array(minerBannerSchema) });

/**
 * The buy call. Both fields are optional in the schema so that a missing one gets its own message
 * ("Select a miner first", "Enter Quantity") instead of a generic 400.
 */
export const buyBodySchema = z.object({
  productId: productIdSchema.optional(),
  quantity: z.number().int().min(0).max(1_000_000).optional(),
});
export const buyAnswerSchema = z.object({
  orderId: id,
  /** TH/s the member's new miners give, in total (after the burn). */
  hashRate: z.string(),
  /** TH/s burned into the black hole by this purchase. */
  burnedHashRate: z.string(),
  /** USDT paid. */
  paid: z.string(),
});

export const MINER_STATUSES = ['mining', 'terminated'] as const;
export type MinerStatus = (typeof MINER_STATUSES)[number];
export const myMinersBodySchema = pageQuerySchema.extend({ status: z.enum(MINER_STATUSES).optional() });
export const myMinerSchema = z.object({
  id,
  productName: z.string(),
  image: z.string(),
  hashRate: z.string(),
  status: z.enum(MINER_STATUSES),
  startAt: z.string(),
  endAt: z.string(),
  /** BTC this miner has earned so far (its share of each settled day). */
  outputBtc: z.string(),
});
export type MyMiner = z.infer<typeof myMinerSchema>;
export const myMinerPageSchema = pageSchema(myMinerSchema);

export const POWER_SOURCES = ['own', 'bonus'] as const;
export const POWER_KINDS = ['purchase', 'burn', 'level_bonus', 'expiry'] as const;
export type PowerKind = (typeof POWER_KINDS)[number];
export const powerBodySchema = pageQuerySchema.extend({ source: z.enum(POWER_SOURCES).optional() });
export const powerRecordSchema = z.object({
  id,
  source: z.enum(POWER_SOURCES),
  kind: z.enum(POWER_KINDS),
  /** TH/s. */
  quantity: z.string(),
  direction: z.enum(['in', 'out']),
  releaseAt: z.string(),
});
export type PowerRecord = z.infer<typeof powerRecordSchema>;
export const powerPageSchema = pageSchema(powerRecordSchema).extend({
  /** The member's live own hash rate, TH/s. */
  own: z.string(),
  /** The member's bonus hash rate from their level, TH/s. */
  bonus: z.string(),
});

export const poolPowerAnswerSchema = z.object({
  /** Live hash rate of all members' mining miners, TH/s. */
  totalHashRate: z.string(),
  burnedHashRate: z.string(),
  /** Number of miners mining now. */
  miners: z.number().int(),
});
export const blackHoleAnswerSchema = z.object({ burnedHashRate: z.string(), burnedToday: z.string() });

/** The member's BTC mining output per settled day, oldest first (the chart on the hash-rate page). */
export const dailyOutputQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
export const dailyOutputAnswerSchema = z.object({
  list: z.array(
    z.object({
      day: z.string(),
      btc: z.string(),
      hashRate: z.string(),
      /** How the day was paid (hashRate × rate, rounded down to the satoshi); null while it is not settled. */
      settled: z.object({ output: z.enum(['fixed', 'network']), rate: z.string() }).nullable(),
    }),
  ),
});

/**
 * The miner shop, the member's miners and hash rate, and the network's totals, the area declared
 * whole (calls.ts). Paths: `API`.
 */
export const MINER_CALLS = {
  minerProducts: call({
    method: 'POST',
    path: API.minerProducts,
    tag: 'mining',
    summary: 'Miners on sale, paged',
    auth: 'public',
    money: false,
    // Optional: a call without a body gets the first page (the handler applies the defaults).
    body: pageQuerySchema.optional(),
    answer: minerProductPageSchema,
  }),
  minerBanners: call({
    method: 'POST',
    path: API.minerBanners,
    tag: 'mining',
    summary: 'Banners of the miner shop',
    auth: 'public',
    money: false,
    answer: minerBannersAnswerSchema,
  }),
  minerBuy: call({
    method: 'POST',
    path: API.minerBuy,
    tag: 'mining',
    summary: 'Buy miners',
    auth: 'member',
    money: true,
    body: buyBodySchema,
    answer: buyAnswerSchema,
  }),
  myMiners: call({
    method: 'POST',
    path: API.myMiners,
    tag: 'mining',
    summary: "The member's miners, paged",
    auth: 'member',
    money: false,
    body: myMinersBodySchema.optional(),
    answer: myMinerPageSchema,
  }),
  powerRecords: call({
    method: 'POST',
    path: API.powerRecords,
    tag: 'mining',
    summary: "The member's hash-rate records, paged",
    auth: 'member',
    money: false,
    body: powerBodySchema.optional(),
    answer: powerPageSchema,
  }),
  poolPower: call({
    method: 'GET',
    path: API.poolPower,
    tag: 'mining',
    summary: "The pool's total and burned hash rate",
    auth: 'public',
    money: false,
    answer: poolPowerAnswerSchema,
  }),
  blackHole: call({
    method: 'POST',
    path: API.blackHole,
    tag: 'mining',
    summary: 'Hash rate burned, in total and today',
    auth: 'public',
    money: false,
    answer: blackHoleAnswerSchema,
  }),
  dailyOutput: call({
    method: 'GET',
    path: API.dailyOutput,
    tag: 'mining',
    summary: "The member's daily mining output",
    auth: 'member',
    money: false,
    query: dailyOutputQuerySchema,
    answer: dailyOutputAnswerSchema,
  }),
};
