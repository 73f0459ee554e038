import { z } from 'zod';
import { type Asset, parseAmount } from './amount.ts';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { compareDecimal } from './decimal.ts';
import { candleSchema, marketSourceSchema, type RoundResult, roundPeriodSchema, roundSchema } from './market.ts';
import { solvencyAnswerSchema, solvencyQuerySchema } from './solvency.ts';
import type { PoolRound } from './team.ts';

/**
 * Transparency (docs/economy.md, "Transparency"): what a member can check for themselves. Every
 * call here but the proof is public; every check the app runs is a pure function of this module, so
 * the app, the server's tests and anyone reading the code run the same arithmetic.
 */

const assetSchema = z.enum(['GOLD', 'USDT', 'BTC']);
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An integer count of atomic units, as text (bigint over JSON). */
const unitsSchema = z.string().regex(/^\d+$/);
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/);

// ---------------------------------------------------------------------------------------------
// Proof of liabilities

/** One asset's tree of one day: the published root and the total it commits to. */
export const liabilityRootSchema = z.object({
  day: daySchema,
  asset: assetSchema,
  /** The root hash of the Merkle-sum tree. */
  root: hashSchema,
  /** The root's sum: every member's balance (available + locked + earnings), in atomic units. */
  totalUnits: unitsSchema,
  /** The same, as a decimal of the asset. */
  total: z.string(),
  /** Leaves: every member, each with their balance (zero included). */
  members: z.number().int(),
  /** When the balances were read, right after that day's settlement. */
  takenAt: z.string(),
});
export type LiabilityRoot = z.infer<typeof liabilityRootSchema>;

export const liabilitiesQuerySchema = z.object({
  /** How many days back, newest first. */
  days: z.coerce.number().int().min(1).max(366).default(30),
});
export const liabilitiesAnswerSchema = z.object({
  /** Newest day first; each day lists every asset. */
  list: z.array(liabilityRootSchema),
});
export type LiabilitiesAnswer = z.infer<typeof liabilitiesAnswerSchema>;

export const liabilityProofQuerySchema = z.object({
  asset: assetSchema,
  /** A published day; the newest when absent. */
  day: daySchema.optional(),
});
export const proofStepSchema = z.object({
  hash: hashSchema,
  sum: unitsSchema,
  side: z.enum(['left', 'right']),
});
export const liabilityProofSchema = z.object({
  userId: z.string(),
  amount: unitsSchema,
  /** The member's own salt for that day and asset: only they are given it. */
  salt: hashSchema,
  path: z.array(proofStepSchema),
  root: z.object({ hash: hashSchema, sum: unitsSchema }),
});
export const liabilityProofAnswerSchema = z.object({
  day: daySchema,
  asset: assetSchema,
  takenAt: z.string(),
  /** The member's balance in the tree, as a decimal of the asset. */
  balance: z.string(),
  proof: liabilityProofSchema,
});
export type LiabilityProofAnswer = z.infer<typeof liabilityProofAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Rounds you can recompute

export const roundCandlesQuerySchema = z.object({
  period: roundPeriodSchema,
  periodNo: z.coerce.number().int().positive(),
});
export const roundCandlesAnswerSchema = z.object({
  round: roundSchema,
  /**
   * The stored 1-minute candles from the round's start to its end, oldest first. Empty once minute
   * candles are no longer kept (`kept` false) or while the round waits for one.
   */
  candles: z.array(candleSchema),
  kept: z.boolean(),
  source: marketSourceSchema.nullable(),
});
export type RoundCandles = z.infer<typeof roundCandlesAnswerSchema>;

type Recomputed = { open: string; close: string; result: Exclude<RoundResult, 'pending'> };
export type RoundCheck =
  | ({ ok: true } & Recomputed)
  | { ok: false; reason: 'missingCandles' }
  | ({ ok: false; reason: 'openMismatch' | 'closeMismatch' | 'resultMismatch' } & Recomputed);

/**
 * Recomputes a round from its candles, as the server does (docs/economy.md, "Up/down rounds"): open
 * is the first minute's open, close the last minute's close, and the result their comparison. `ok`
 * only when every minute of the round is there and all three agree with what the round shows; a
 * mismatch still carries the recomputed figures, to show beside the round's.
 */
export function recomputeRound(answer: Pick<RoundCandles, 'round' | 'candles'>): RoundCheck {
  const { round, candles } = answer;
  const start = Date.parse(round.startAt);
  const byTime = new Map(candles.map((c) => [Date.parse(c.time), c]));
  const first = byTime.get(start);
  const last = byTime.get(start + (round.period - 1) * 60_000);
  if (!first || !last) return { ok: false, reason: 'missingCandles' };
  const sign = compareDecimal(last.close, first.open);
  const recomputed: Recomputed = {
    open: first.open,
    close: last.close,
    result: sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat',
  };
  if (round.openPrice === null || compareDecimal(round.openPrice, first.open) !== 0)
    return { ok: false, reason: 'openMismatch', ...recomputed };
  if (round.closePrice === null || compareDecimal(round.closePrice, last.close) !== 0)
    return { ok: false, reason: 'closeMismatch', ...recomputed };
  if (round.result !== recomputed.result) return { ok: false, reason: 'resultMismatch', ...recomputed };
  return { ok: true, ...recomputed };
}

// ---------------------------------------------------------------------------------------------
// Pool payouts you can recompute

export type PoolCheck = {
  /** pool = carried in + funded */
  poolAddsUp: boolean;
  /** each place's weight is the one in force for its rank (0 past the winning places) */
  weightsFollowed: boolean;
  /** each winning place got ⌊pool × weight ÷ 100⌋ */
  payoutsMatchWeights: boolean;
  /** the places' payouts add up to `paid` */
  paidAddsUp: boolean;
  /** pool = paid + rounding + carried out */
  poolAccountedFor: boolean;
  /** every place that was paid names its ledger transfer */
  transfersNamed: boolean;
  ok: boolean;
};

/**
 * Checks a closed prize-pool round with the numbers the app shows (docs/economy.md, "Prize pool"),
 * in exact gold-coin units.
 */
export function checkPoolRound(
  round: Pick<
    PoolRound,
    'pool' | 'rolloverIn' | 'funded' | 'paid' | 'rounding' | 'rolloverOut' | 'weights' | 'ranking'
  >,
): PoolCheck {
  const units = (text: string) => {
    const parsed = parseAmount(text, 'GOLD' satisfies Asset);
    return parsed.ok ? parsed.units : null;
  };
  const pool = units(round.pool);
  const rolloverIn = units(round.rolloverIn);
  const funded = units(round.funded);
  const paid = units(round.paid);
  const rounding = units(round.rounding);
  const rolloverOut = units(round.rolloverOut);
  const amounts = round.ranking.map((row) => units(row.amount));
  const known = (value: bigint | null): value is bigint => value !== null;
  if (![pool, rolloverIn, funded, paid, rounding, rolloverOut].every(known) || !amounts.every(known)) {
    return {
      poolAddsUp: false,
      weightsFollowed: false,
      payoutsMatchWeights: false,
      paidAddsUp: false,
      poolAccountedFor: false,
      transfersNamed: false,
      ok: false,
    };
  }
  const p = pool as bigint;
  const poolAddsUp = p === (rolloverIn as bigint) + (funded as bigint);
  const weightsFollowed = round.ranking.every((row) => row.weightPct === (round.weights[row.rank - 1] ?? 0));
  const payoutsMatchWeights = round.ranking.every((row, i) => amounts[i] === (p * BigInt(row.weightPct)) / 100n);
  const paidAddsUp = amounts.reduce<bigint>((sum, a) => sum + (a as bigint), 0n) === paid;
  const poolAccountedFor = p === (paid as bigint) + (rounding as bigint) + (rolloverOut as bigint);
  const transfersNamed = round.ranking.every((row, i) => (amounts[i] as bigint) > 0n === (row.transferId !== null));
  return {
    poolAddsUp,
    weightsFollowed,
    payoutsMatchWeights,
    paidAddsUp,
    poolAccountedFor,
    transfersNamed,
    ok: poolAddsUp && weightsFollowed && payoutsMatchWeights && paidAddsUp && poolAccountedFor && transfersNamed,
  };
}

// ---------------------------------------------------------------------------------------------
// Parameter log

export const parameterChangeSchema = z.object({
  id: z.string(),
  key: z.string(),
  /** The value before and after, as text (rates and amounts are exact decimals). */
  before: z.string(),
  value: z.string(),
  /** When the operator made the change. */
  announcedAt: z.string(),
  /** When it took (or takes) effect: always a settlement boundary (the start of a day). */
  effectiveAt: z.string(),
  /** False while the change waits for its boundary. */
  inEffect: z.boolean(),
});
export type ParameterChange = z.infer<typeof parameterChangeSchema>;
export const parametersAnswerSchema = z.object({
  /** Every member-facing parameter with its value now. */
  current: z.array(z.object({ key: z.string(), value: z.string() })),
  /** Every change ever made to them, newest first (coming ones included). */
  changes: z.array(parameterChangeSchema),
  timeZone: z.string(),
});
export type ParametersAnswer = z.infer<typeof parametersAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Public totals

export const transparencyTotalsSchema = z.object({
  members: z.number().int(),
  /** Hash rate of the miners now running, in TH/s (decimal text), and what purchases burned. */
  hashRate: z.string(),
  burned: z.string(),
  /** The newest published roots, one per asset. */
  liabilities: z.array(liabilityRootSchema),
  donations: z.object({
    totals: z.array(z.object({ asset: assetSchema, amount: z.string(), count: z.number().int() })),
    recent: z.array(
      z.object({
        id: z.string(),
        address: z.string(),
        asset: assetSchema,
        amount: z.string(),
        transferId: z.string(),
        at: z.string(),
      }),
    ),
  }),
  withdrawals: z.object({
    totals: z.array(z.object({ asset: assetSchema, amount: z.string(), count: z.number().int() })),
    recent: z.array(z.object({ asset: assetSchema, amount: z.string(), txHash: z.string(), paidAt: z.string() })),
  }),
});
export type TransparencyTotals = z.infer<typeof transparencyTotalsSchema>;

/**
 * Transparency (paths: `API`): public, but for the member's own proof. The proof of solvency's
 * schemas live in solvency.ts, beside its verification.
 */
// ---------------------------------------------------------------------------------------------
// What the network paid (docs/economy.md, "Mining output and settlement")

/** How a settled day was paid: the fixed rate, or the network's less the pool fee. */
export const settledOutputSchema = z.object({
  output: z.enum(['fixed', 'network']),
  /** BTC per TH/s per day paid. */
  rate: z.string(),
  /** The pool fee (a rate from 0 to 1) of a network day; null for a fixed one. */
  poolFee: z.string().nullable(),
  members: z.number().int(),
  /** BTC paid to all members for the day. */
  totalBtc: z.string(),
});

/** A day's blocks in sum, as the source gave them (`network-day.ts` computes the rate from them). */
export const networkDaySummarySchema = z.object({
  day: daySchema,
  /** `node`: a Bitcoin Core node's; `simulated`: the demo's made-up chain, to be shown as such. */
  source: z.enum(['node', 'simulated']),
  firstHeight: z.number().int(),
  lastHeight: z.number().int(),
  blocks: z.number().int(),
  /** BTC. */
  subsidy: z.string(),
  fees: z.string(),
  /** The day's lowest and highest difficulty (two when it adjusted inside the day), 2 places. */
  difficulty: z.object({ low: z.string(), high: z.string() }),
  /** Σ of the blocks' work, an integer as text: what the blocks added to chainwork. */
  work: unitsSchema,
  /** BTC one TH/s earned in the day before the pool fee. */
  btcPerTh: z.string(),
  /** How the platform paid the day; null while it is not settled. */
  settled: settledOutputSchema.nullable(),
});
export const networkDaysQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
/** The days stored, oldest first, up to `days` ending yesterday. */
export const networkDaysAnswerSchema = z.object({ list: z.array(networkDaySummarySchema) });

export const networkBlockSchema = z.object({
  height: z.number().int(),
  hash: z.string(),
  /** The header's time, seconds since 1970. */
  time: z.number().int(),
  /** The compact target, eight hex digits. */
  bits: z.string().regex(/^[0-9a-f]{8}$/),
  /** Satoshis. */
  subsidy: unitsSchema,
  fees: unitsSchema,
});
export const networkDayQuerySchema = z.object({ day: daySchema });
export const networkDayAnswerSchema = networkDaySummarySchema.extend({ blockList: z.array(networkBlockSchema) });

export const TRANSPARENCY_CALLS = {
  networkDays: call({
    method: 'GET',
    path: API.networkDays,
    tag: 'transparency',
    summary: 'What the Bitcoin network paid one TH/s each day, and how the day was paid',
    auth: 'public',
    money: false,
    query: networkDaysQuerySchema,
    answer: networkDaysAnswerSchema,
  }),
  networkDay: call({
    method: 'GET',
    path: API.networkDay,
    tag: 'transparency',
    summary: "One network day's blocks, to recompute its rate",
    auth: 'public',
    money: false,
    query: networkDayQuerySchema,
    answer: networkDayAnswerSchema,
  }),
  liabilities: call({
    method: 'GET',
    path: API.liabilities,
    tag: 'transparency',
    summary: 'Published liability roots (proof of liabilities)',
    auth: 'public',
    money: false,
    query: liabilitiesQuerySchema,
    answer: liabilitiesAnswerSchema,
  }),
  liabilityProof: call({
    method: 'GET',
    path: API.liabilityProof,
    tag: 'transparency',
    summary: "The member's proof of inclusion in a liability root",
    auth: 'member',
    money: false,
    query: liabilityProofQuerySchema,
    answer: liabilityProofAnswerSchema,
  }),
  roundCandles: call({
    method: 'GET',
    path: API.roundCandles,
    tag: 'transparency',
    summary: 'Market candles of guess rounds',
    auth: 'public',
    money: false,
    query: roundCandlesQuerySchema,
    answer: roundCandlesAnswerSchema,
  }),
  parameters: call({
    method: 'GET',
    path: API.parameters,
    tag: 'transparency',
    summary: 'Public economic parameters',
    auth: 'public',
    money: false,
    answer: parametersAnswerSchema,
  }),
  transparencyTotals: call({
    method: 'GET',
    path: API.transparencyTotals,
    tag: 'transparency',
    summary: 'Platform totals',
    auth: 'public',
    money: false,
    answer: transparencyTotalsSchema,
  }),
  solvency: call({
    method: 'GET',
    path: API.solvency,
    tag: 'transparency',
    summary: 'Proof of solvency: reserves, liabilities and the chain of commitments',
    auth: 'public',
    money: false,
    query: solvencyQuerySchema,
    answer: solvencyAnswerSchema,
  }),
};
