/**
 * The operator console's calls (`/admin-api/…`), beside the older ones in admin.ts, content.ts
 * and wallet.ts. Amounts are decimal strings; times are ISO strings. The calls' shapes are in the
 * console-*.ts files by area, all exported from here.
 */

import { openRoundAnswerSchema, openRoundBodySchema, runJobAnswerSchema, runJobBodySchema } from './admin.ts';
import { call } from './calls.ts';
import { equityRoundPageSchema } from './console-catalogue.ts';
import { dashboardQuerySchema, dashboardSchema } from './console-members.ts';
import {
  auditPageSchema,
  auditQuerySchema,
  feedbackInboxQuerySchema,
  jobListSchema,
  jobRunPageSchema,
  jobRunsQuerySchema,
} from './console-ops.ts';
import {
  adminFeedbackPageSchema,
  adminFeedbackRowSchema,
  adminIdParamsSchema,
  feedbackReplyBodySchema,
  outboxPageSchema,
} from './content.ts';
import { pageQuerySchema } from './envelope.ts';

export * from './console-accounts.ts';
export * from './console-catalogue.ts';
export * from './console-config.ts';
export * from './console-members.ts';
export * from './console-ops.ts';
export * from './console-reserves.ts';

/** Every path of the console's API, relative to `/admin-api/`. `:id` is a path parameter. */
export const ADMIN_API = {
  login: 'auth/login',
  logout: 'auth/logout',
  me: 'auth/me',
  password: 'auth/password',
  totpSetup: 'auth/totp/setup',
  totpEnable: 'auth/totp/enable',
  passkeySignInOptions: 'auth/passkey/options',
  passkeySignIn: 'auth/passkey/login',
  passkeys: 'auth/passkeys',
  passkeyOptions: 'auth/passkeys/options',
  passkey: 'auth/passkeys/:id',
  operatorEmail: 'auth/email',
  operatorEmailCode: 'auth/email/code',
  operators: 'operators',
  operator: 'operators/:id',
  operatorUnlock: 'operators/:id/unlock',
  operatorReset: 'operators/:id/reset',
  operatorVouch: 'operators/:id/vouch',
  operatorMembers: 'operators/members',
  operatorPasskeys: 'operators/:id/passkeys',
  passkeyPolicy: 'operators/passkey-policy',
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
  configProposals: 'config/proposals',
  configProposalApprove: 'config/proposals/:id/approve',
  configProposalReject: 'config/proposals/:id/reject',
  configProposalWithdraw: 'config/proposals/:id/withdraw',
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
  reserves: 'reserves',
  reserveAddresses: 'reserves/addresses',
  reserveAddress: 'reserves/addresses/:address',
  reserveUpload: 'reserves/signatures/upload',
  audit: 'audit/page',
  auditCsv: 'audit/export.csv',
} as const;

/** `ADMIN_API.member` with its parameters filled: `adminPath('members/:id', { id: 7 })`. */
export function adminPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/**
 * The console's calls declared in full so far (calls.ts); the others are still paths only
 * (`ADMIN_API`) and summaries in api-summaries.ts.
 */
export const CONSOLE_CALLS = {
  dashboard: call({
    method: 'GET',
    path: ADMIN_API.dashboard,
    tag: 'admin',
    summary: 'Dashboard figures',
    auth: 'operator',
    operators: ['finance', 'content', 'support'],
    money: false,
    query: dashboardQuerySchema,
    answer: dashboardSchema,
  }),
  audit: call({
    method: 'GET',
    path: ADMIN_API.audit,
    tag: 'admin',
    summary: 'Audit log, paged',
    auth: 'operator',
    operators: ['finance'],
    money: false,
    query: auditQuerySchema,
    answer: auditPageSchema,
  }),
  jobs: call({
    method: 'GET',
    path: ADMIN_API.jobs,
    tag: 'admin',
    summary: 'Jobs and their schedules',
    auth: 'operator',
    operators: ['finance'],
    money: false,
    answer: jobListSchema,
  }),
  jobRuns: call({
    method: 'GET',
    path: ADMIN_API.jobRuns,
    tag: 'admin',
    summary: 'Job runs, paged',
    auth: 'operator',
    operators: ['finance'],
    money: false,
    query: jobRunsQuerySchema,
    answer: jobRunPageSchema,
  }),
  jobRun: call({
    method: 'POST',
    path: ADMIN_API.jobRun,
    tag: 'admin',
    summary: 'Run a job now',
    auth: 'operator',
    operators: ['finance'],
    money: false,
    body: runJobBodySchema,
    answer: runJobAnswerSchema,
  }),
  equityRounds: call({
    method: 'GET',
    path: ADMIN_API.equityRounds,
    tag: 'admin',
    summary: 'Equity rounds',
    auth: 'operator',
    operators: ['finance'],
    money: false,
    query: pageQuerySchema,
    answer: equityRoundPageSchema,
  }),
  equityOpen: call({
    method: 'POST',
    path: ADMIN_API.equityOpen,
    tag: 'admin',
    summary: 'Open an equity round',
    auth: 'operator',
    operators: ['finance'],
    money: false,
    body: openRoundBodySchema,
    answer: openRoundAnswerSchema,
  }),
  feedback: call({
    method: 'GET',
    path: ADMIN_API.feedback,
    tag: 'admin',
    summary: 'Feedback, paged',
    auth: 'operator',
    operators: ['support'],
    money: false,
    query: feedbackInboxQuerySchema,
    answer: adminFeedbackPageSchema,
  }),
  feedbackReply: call({
    method: 'POST',
    path: ADMIN_API.feedbackReply,
    tag: 'admin',
    summary: 'Reply to feedback',
    auth: 'operator',
    operators: ['support'],
    money: false,
    params: adminIdParamsSchema,
    body: feedbackReplyBodySchema,
    answer: adminFeedbackRowSchema,
  }),
  outbox: call({
    method: 'GET',
    path: ADMIN_API.outbox,
    tag: 'admin',
    summary: 'Mail outbox',
    auth: 'operator',
    operators: ['support'],
    money: false,
    query: pageQuerySchema,
    answer: outboxPageSchema,
  }),
};
