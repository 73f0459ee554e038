import { z } from 'zod';
import { assetSchema } from './asset.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';

/** The console's dashboard, members and balance adjustments. */

// ---------------------------------------------------------------------------------------------
// Dashboard

/** The ranges of the dashboard's history, in days. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** `?days=7|30|90`: how many days of history the dashboard returns, 30 unless asked. */
export const dashboardQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'])
    .default('30')
    .transform((days) => Number(days) as DashboardRange),
});

/**
 * What credits members beyond the chain, each by what it is: gold and USDT bought by top-ups, what
 * members gave (donations) or forged into the prize pool, paid for miners and shares, withdrawal
 * fees, what the platform paid from its own accounts (mining output, yields, referral rewards,
 * prizes), and operators' adjustments.
 */
export const COVERAGE_SOURCES = [
  'topups',
  'donations',
  'forging',
  'purchases',
  'fees',
  'payouts',
  'adjustments',
] as const;
export type CoverageSource = (typeof COVERAGE_SOURCES)[number];

export const dashboardSchema = z.object({
  members: z.number().int(),
  newToday: z.number().int(),
  purchasesToday: z.object({ count: z.number().int(), usdt: z.string() }),
  depositsToday: z.array(z.object({ asset: assetSchema, count: z.number().int(), amount: z.string() })),
  withdrawalsPending: z.number().int(),
  /**
   * Per asset: what members hold (available + locked + unclaimed earnings) beside what reached the
   * platform on chain (credited deposits) and what left it (paid withdrawals), `demoCredits` (demo
   * mode's welcome and seed money, never real), and `sources`: every other net credit to members
   * that did not come from the chain, by what it is (COVERAGE_SOURCES; negative where members paid
   * the platform). Members hold deposits − withdrawals + demo credits + the sum of the sources:
   * a gap beyond that sum is what the ledger does not explain.
   */
  liabilities: z.array(
    z.object({
      asset: assetSchema,
      members: z.string(),
      deposited: z.string(),
      withdrawn: z.string(),
      demoCredits: z.string(),
      sources: z.object(
        Object.fromEntries(COVERAGE_SOURCES.map((source) => [source, z.string()])) as Record<
          CoverageSource,
          z.ZodString
        >,
      ),
    }),
  ),
  ledger: z.object({ ok: z.boolean(), mismatches: z.number().int() }),
  /** How many days `series` covers: the query's `days`. */
  days: z.number().int(),
  /**
   * The last `days` days, today last, one entry per day (a day with nothing is zeros) in the
   * settlement time zone: new members, and USDT amounts of miner purchases, credited deposits and
   * paid withdrawals (less their fee), as exact decimal text.
   */
  series: z.array(
    z.object({
      day: z.string(),
      newMembers: z.number().int(),
      purchases: z.string(),
      deposits: z.string(),
      withdrawals: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------
// Members

export const memberPageQuerySchema = pageQuerySchema.extend({
  /** A member ID, an address (or its start) or an email. */
  q: z.string().trim().max(64).optional(),
});
const balancesSchema = z.object({ GOLD: z.string(), USDT: z.string(), BTC: z.string() });
export const memberRowSchema = z.object({
  id: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  identity: z.string(),
  level: z.number().int(),
  inviterId: z.string().nullable(),
  createdAt: z.string(),
  /** Available balances. */
  balances: balancesSchema,
});
export type MemberRow = z.infer<typeof memberRowSchema>;
export const memberPageSchema = pageSchema(memberRowSchema);

export const memberDetailSchema = memberRowSchema.extend({
  withdrawAddress: z.string().nullable(),
  department: z.number().int().nullable(),
  accounts: z.array(z.object({ asset: assetSchema, available: z.string(), locked: z.string(), earnings: z.string() })),
  /** TH/s of the member's running miners. */
  hashRate: z.string(),
  directMembers: z.number().int(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberLedgerQuerySchema = pageQuerySchema.extend({ asset: assetSchema.optional() });
export const memberLedgerRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  asset: assetSchema,
  kind: z.string(),
  /** Signed: negative when it left the member's account. */
  amount: z.string(),
  account: z.string(),
  counterparty: z.string(),
  reference: z.string().nullable(),
});
export const memberLedgerPageSchema = pageSchema(memberLedgerRowSchema);

export const memberMinerRowSchema = z.object({
  id: z.string(),
  product: z.string(),
  hashRate: z.string(),
  startedAt: z.string(),
  endsAt: z.string(),
  running: z.boolean(),
});
export const memberMinerPageSchema = pageSchema(memberMinerRowSchema);

export const memberOrderRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['miner', 'equity']),
  product: z.string(),
  quantity: z.number().int(),
  /** USDT (miners and shares are paid in USDT). */
  paid: z.string(),
  createdAt: z.string(),
});
export const memberOrderPageSchema = pageSchema(memberOrderRowSchema);

export const memberTeamRowSchema = z.object({
  id: z.string(),
  address: z.string(),
  department: z.number().int().nullable(),
  identity: z.string(),
  createdAt: z.string(),
});
export const memberTeamPageSchema = pageSchema(memberTeamRowSchema);

// ---------------------------------------------------------------------------------------------
// Balance adjustments needing a second operator (docs/economy.md, "Operators' adjustments")

export const ADJUSTMENT_STATUSES = ['pending', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export const adjustmentQuerySchema = pageQuerySchema.extend({
  /** Absent: pending, the requests waiting for a second operator. */
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
});
export const adjustmentRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  memberAddress: z.string(),
  asset: assetSchema,
  /** Signed decimal: negative for a correction down. */
  amount: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  /** Who approved or rejected it; null when it needed no second operator, or is pending. */
  decidedBy: z.string().nullable(),
  decisionReason: z.string().nullable(),
  transferId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdjustmentRow = z.infer<typeof adjustmentRowSchema>;
export const adjustmentPageSchema = pageSchema(adjustmentRowSchema);
export const adjustmentRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(300) });
export const adjustmentDecisionSchema = z.object({
  id: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  transferId: z.string().nullable(),
});
/**
 * Per asset, what the signed-in operator may still credit: `approvalAbove` (one operator's own
 * credits per settlement day; above, a second operator approves), the `dailyCap` of all credits,
 * and what was credited today, by anyone (`creditedToday`) and by this operator alone (`mineToday`).
 */
export const adjustmentLimitsSchema = z.object({
  list: z.array(
    z.object({
      asset: assetSchema,
      approvalAbove: z.string(),
      dailyCap: z.string(),
      creditedToday: z.string(),
      mineToday: z.string(),
    }),
  ),
});
export type AdjustmentLimits = z.infer<typeof adjustmentLimitsSchema>;
