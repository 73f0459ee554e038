import { z } from 'zod';
import { assetSchema, userIdSchema } from './asset.ts';

export const operatorLoginBodySchema = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(256),
  totp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export const operatorLoginAnswerSchema = z.object({
  token: z.string(),
  /** The next step this session must take before other calls (console.ts SETUP_STEPS); null when none. */
  setup: z.enum(['password', 'totp', 'passkey']).nullable(),
});

/** An adjustment may be negative (a debit); its reason is kept in the audit log. */
export const adjustBodySchema = z.object({
  userId: userIdSchema,
  asset: assetSchema,
  amount: z
    .string()
    .trim()
    .regex(/^-?(0|[1-9]\d*)(\.\d+)?$/)
    .max(41),
  reason: z.string().trim().min(3).max(500),
});
/**
 * `applied`: the money moved (`transferId`). `pending`: a credit above what one operator may give
 * alone; nothing moved until a second, different operator approves request `requestId`.
 */
export const adjustAnswerSchema = z.object({
  status: z.enum(['applied', 'pending']),
  requestId: z.string(),
  transferId: z.string().nullable(),
});

/**
 * GET ledger/check: from the newest checkpoint (the transfers after it), or with `full=true` every
 * transfer (docs/operations.md, section 5 "Ledger checkpoints").
 */
export const ledgerCheckQuerySchema = z.object({
  full: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const ledgerCheckAnswerSchema = z.object({
  ok: z.boolean(),
  assets: z.array(z.object({ asset: assetSchema, sum: z.string() })),
  mismatches: z.array(
    z.object({ accountId: z.number(), asset: assetSchema, balance: z.string(), transfers: z.string() }),
  ),
  /** Journal entries whose legs do not sum to zero in an asset, with what they sum to. */
  unbalancedEntries: z.array(z.object({ entryId: z.number(), asset: assetSchema, sum: z.string() })),
  /** The checkpoint the check started from; null when it read every transfer. */
  from: z.object({ checkpointId: z.number(), uptoTransferId: z.number(), at: z.string() }).nullable(),
});

/** The jobs an operator may run by hand from the console (docs/operations.md, section 5). */
export const JOB_NAMES = ['settlement', 'pool', 'liabilities', 'idempotency', 'checkpoint'] as const;
/**
 * The most days a job may be behind for the jobs processes to catch it up by themselves
 * (docs/operations.md, section 5 "Catch-up"); further behind, an operator runs the oldest days.
 */
export const JOB_CATCH_UP_DAYS = 31;
export const runJobBodySchema = z.object({
  job: z.enum(JOB_NAMES),
  /** The period to run, e.g. '2026-11-21' for settlement; absent means the job's latest period. */
  period: z.string().trim().min(1).max(32).optional(),
});
export const runJobAnswerSchema = z.object({
  ran: z.boolean(),
  period: z.string(),
  /**
   * Why it did not run: `done` (that period already ran), `busy` (another runner holds it) or
   * `waiting` (what it needs from outside is not to be had yet: `why` says what).
   */
  reason: z.enum(['done', 'busy', 'waiting']).optional(),
  why: z.string().optional(),
  result: z.record(z.string(), z.unknown()).optional(),
});

/** Opens a new equity round (the open one, if any, closes): docs/economy.md, "Equity investment". */
export const openRoundBodySchema = z.object({
  totalShares: z.number().int().min(1).max(1_000_000_000),
  pricePerShare: z
    .string()
    .trim()
    .regex(/^(0|[1-9]\d{0,11})(\.\d{1,6})?$/),
  annualYieldPct: z
    .string()
    .trim()
    .regex(/^(0|[1-9]\d{0,2})(\.\d{1,4})?$/),
  minQuantity: z.number().int().min(1).default(1),
  termDays: z.number().int().min(1).max(3650),
});
export const openRoundAnswerSchema = z.object({ roundId: z.string() });
