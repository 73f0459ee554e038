import { z } from 'zod';
import { assetSchema } from './asset.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';
import { equityRoundSchema } from './equity.ts';
import { SETTING_KINDS } from './settings.ts';

/**
 * The operator console's calls (`/admin-api/…`), beside the older ones in admin.ts, content.ts
 * and wallet.ts. Amounts are decimal strings; times are ISO strings.
 */

/** Each role may make only its calls; the owner may make every call. */
export const OPERATOR_ROLES = ['owner', 'finance', 'content', 'support'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** What a session still has to do before it may use the console: change its password, enrol TOTP. */
export const SETUP_STEPS = ['password', 'totp'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** Every path of the console's API, relative to `/admin-api/`. `:id` is a path parameter. */
export const ADMIN_API = {
  login: 'auth/login',
  logout: 'auth/logout',
  me: 'auth/me',
  password: 'auth/password',
  totpSetup: 'auth/totp/setup',
  totpEnable: 'auth/totp/enable',
  operators: 'operators',
  operator: 'operators/:id',
  operatorUnlock: 'operators/:id/unlock',
  operatorReset: 'operators/:id/reset',
  operatorMembers: 'operators/members',
  dashboard: 'dashboard',
  members: 'members/page',
  membersCsv: 'members/export.csv',
  member: 'members/:id',
  memberLedger: 'members/:id/ledger',
  memberLedgerCsv: 'members/:id/ledger/export.csv',
  memberMiners: 'members/:id/miners',
  memberOrders: 'members/:id/orders',
  memberTeam: 'members/:id/team',
  memberFeedback: 'members/:id/feedback',
  adjust: 'ledger/adjust',
  adjustments: 'ledger/adjustments',
  adjustmentLimits: 'ledger/adjustments/limits',
  adjustmentApprove: 'ledger/adjustments/:id/approve',
  adjustmentReject: 'ledger/adjustments/:id/reject',
  ledgerCheck: 'ledger/check',
  withdrawals: 'withdrawals/page',
  withdrawalsCsv: 'withdrawals/export.csv',
  withdrawalApprove: 'withdrawals/approve',
  withdrawalReject: 'withdrawals/reject',
  products: 'products',
  product: 'products/:id',
  banners: 'banners',
  banner: 'banners/:id',
  equityRounds: 'equity/rounds',
  equityOpen: 'equity/round',
  config: 'config',
  configKey: 'config/:key',
  configChanges: 'config/changes',
  notices: 'notices',
  notice: 'notices/:id',
  noticePublish: 'notices/:id/publish',
  noticeUnpublish: 'notices/:id/unpublish',
  noticePreview: 'notices/preview',
  feedback: 'feedback',
  feedbackReply: 'feedback/:id/reply',
  outbox: 'mail/outbox',
  jobs: 'jobs',
  jobRuns: 'jobs/runs',
  jobRun: 'jobs/run',
  audit: 'audit/page',
  auditCsv: 'audit/export.csv',
} as const;

/** `ADMIN_API.member` with its parameters filled: `adminPath('members/:id', { id: 7 })`. */
export function adminPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

// ---------------------------------------------------------------------------------------------
// Accounts

export const operatorMeSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
  totpEnabled: z.boolean(),
  setup: z.enum(SETUP_STEPS).nullable(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

export const OPERATOR_PASSWORD_MIN = 12;
export const passwordChangeBodySchema = z.object({
  current: z.string().min(1).max(256),
  next: z.string().min(OPERATOR_PASSWORD_MIN).max(256),
});

/** The secret to enrol in an authenticator app; `otpauthUrl` is what the QR code carries. */
export const totpSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpCodeBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) });

export const operatorRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  failedLogins: z.number().int(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;
export const operatorListSchema = z.object({ list: z.array(operatorRowSchema) });

export const operatorCreateBodySchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_.-]{2,31}$/),
  role: operatorRoleSchema,
});
/** The one-time password is shown once; the operator changes it at first sign-in. */
export const operatorPasswordAnswerSchema = z.object({ id: z.string(), username: z.string(), password: z.string() });
export const operatorUpdateBodySchema = z.object({
  role: operatorRoleSchema.optional(),
  disabled: z.boolean().optional(),
});
export const idParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });

// ---------------------------------------------------------------------------------------------
// Dashboard

export const dashboardSchema = z.object({
  members: z.number().int(),
  newToday: z.number().int(),
  purchasesToday: z.object({ count: z.number().int(), usdt: z.string() }),
  depositsToday: z.array(z.object({ asset: assetSchema, count: z.number().int(), amount: z.string() })),
  withdrawalsPending: z.number().int(),
  /**
   * Per asset: what members hold (available + locked + unclaimed earnings) beside what reached the
   * platform on chain (credited deposits) and what left it (paid withdrawals), and the credits that
   * did not come from the chain: `demoCredits` (demo mode's welcome and seed money, never real),
   * `adjustments` (operators' net corrections) and `earnings` (net paid by the platform's own
   * accounts: mining output, equity yields, and the treasury's, prize pool's and foundation's rewards,
   * prizes and gold for top-ups). Members hold more than deposits − withdrawals + demo credits only by the last two.
   */
  liabilities: z.array(
    z.object({
      asset: assetSchema,
      members: z.string(),
      deposited: z.string(),
      withdrawn: z.string(),
      demoCredits: z.string(),
      adjustments: z.string(),
      earnings: z.string(),
    }),
  ),
  ledger: z.object({ ok: z.boolean(), mismatches: z.number().int() }),
  /**
   * The last 30 days, oldest first, in the settlement time zone: new members, and USDT amounts of
   * miner purchases, credited deposits and paid withdrawals (less their fee).
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
// Balance adjustments needing a second operator (issue 23)

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

// ---------------------------------------------------------------------------------------------
// Catalogue: miner products and banners

const decimal = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,6})?$/);
export const productInputSchema = z.object({
  name: z.string().trim().min(1).max(80),
  image: z.string().trim().min(1).max(500),
  /** TH/s. */
  hashRate: decimal,
  /** USDT per unit. */
  price: decimal,
  durationDays: z.number().int().min(1).max(3650),
  stock: z.number().int().min(0).max(100_000_000),
  minQuantity: z.number().int().min(1).max(10_000),
  active: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export const productSchema = productInputSchema.extend({ id: z.string() });
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ list: z.array(productSchema) });

/** Where a banner shows: the home carousel or above the miner shop. */
export const BANNER_PLACES = ['home', 'miners'] as const;
export const bannerInputSchema = z.object({
  place: z.enum(BANNER_PLACES),
  image: z.string().trim().min(1).max(500),
  title: z.string().trim().min(1).max(120),
  /** A path of the member app, e.g. /pages/my_child/minelist/minelist. */
  link: z
    .string()
    .trim()
    .regex(/^(\/[\w\-./?=&%]*)?$/)
    .max(300),
  sort: z.number().int().min(0).max(10_000),
  active: z.boolean(),
});
export const adminBannerSchema = bannerInputSchema.extend({ id: z.string() });
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const bannerListSchema = z.object({ list: z.array(adminBannerSchema) });

// ---------------------------------------------------------------------------------------------
// Equity rounds

/** The round as members see it (equity.ts), with what only operators need: closed rounds too. */
export const equityRoundRowSchema = equityRoundSchema
  .pick({
    id: true,
    totalShares: true,
    sharesRemaining: true,
    pricePerShare: true,
    annualYieldPct: true,
    minQuantity: true,
    termDays: true,
  })
  .extend({ open: z.boolean(), createdAt: z.string() });
export const equityRoundPageSchema = pageSchema(equityRoundRowSchema);

// ---------------------------------------------------------------------------------------------
// Config

export { SETTING_KINDS, type SettingKind } from './settings.ts';

const settingChangeSchema = z.object({
  id: z.string(),
  key: z.string(),
  before: z.unknown(),
  value: z.unknown(),
  /** When the value applies: at once, or a chosen later time. */
  effectiveAt: z.string(),
  actor: z.string(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const settingRowSchema = z.object({
  key: z.string(),
  kind: z.enum(SETTING_KINDS),
  value: z.unknown(),
  default: z.unknown(),
  isDefault: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Changes chosen for a later time, soonest first. */
  pending: z.array(settingChangeSchema),
  /** A member-facing term: a change takes effect at the next settlement boundary (start of a day). */
  atBoundary: z.boolean(),
});
export type SettingRow = z.infer<typeof settingRowSchema>;
export const settingListSchema = z.object({ list: z.array(settingRowSchema) });
export const settingKeyParamsSchema = z.object({ key: z.string().regex(/^[a-zA-Z.]{3,64}$/) });
export const settingChangeBodySchema = z.object({
  value: z.unknown(),
  /** Absent: now. A time in the past is refused. */
  effectiveAt: z.iso.datetime({ offset: true }).optional(),
});
export const settingChangesQuerySchema = pageQuerySchema.extend({ key: z.string().max(64).optional() });
export const settingChangePageSchema = pageSchema(settingChangeSchema);
export { settingChangeSchema };

// ---------------------------------------------------------------------------------------------
// Notices preview, jobs, audit

/** The operator's notice list: drafts included, optionally of one type. */
export const adminNoticeQuerySchema = pageQuerySchema.extend({ type: z.enum(['notice', 'article']).optional() });
/** The feedback inbox; `unanswered=1` leaves out what has a reply. */
export const feedbackInboxQuerySchema = pageQuerySchema.extend({ unanswered: z.enum(['1', 'true']).optional() });

export const noticePreviewBodySchema = z.object({ contentHtml: z.string().max(200_000) });
/** The HTML as members will see it, after the same sanitizing as saving. */
export const noticePreviewAnswerSchema = z.object({ contentHtml: z.string() });

export const jobInfoSchema = z.object({
  name: z.string(),
  /** The period a run by hand would take without one given. */
  latestPeriod: z.string(),
  lastRun: z
    .object({ period: z.string(), startedAt: z.string(), finishedAt: z.string().nullable(), trigger: z.string() })
    .nullable(),
});
export const jobListSchema = z.object({ list: z.array(jobInfoSchema) });
export const jobRunsQuerySchema = pageQuerySchema.extend({ job: z.string().max(32).optional() });
export const jobRunRowSchema = z.object({
  job: z.string(),
  period: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  result: z.string().nullable(),
  trigger: z.string(),
});
export const jobRunPageSchema = pageSchema(jobRunRowSchema);

const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const auditQuerySchema = pageQuerySchema.extend({
  /** `operator:alice`, or just `alice`. */
  actor: z.string().trim().max(80).optional(),
  /** An action or its start: `notice.` matches every notice action. */
  action: z.string().trim().max(80).optional(),
  /** Days, inclusive, in UTC. */
  from: dayString.optional(),
  to: dayString.optional(),
});
export const auditRowSchema = z.object({
  id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditPageSchema = pageSchema(auditRowSchema);
