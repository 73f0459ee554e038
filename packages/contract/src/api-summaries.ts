import type { API, MARKET_API } from './api-paths.ts';
import { ASSET_CALLS } from './asset.ts';
import { AUTH_CALLS } from './auth.ts';
import { summariesOf } from './calls.ts';
import { CONFIG_CALLS } from './config.ts';
import { ADMIN_API } from './console.ts';
import { CONTENT_CALLS, FEEDBACK_CALLS, USER_CALLS } from './content.ts';
import { EQUITY_CALLS } from './equity.ts';
import { MINER_CALLS } from './miner.ts';
import { NOTIFICATION_CALLS } from './notifications.ts';
import { PUSH_CALLS } from './push.ts';
import { TEAM_CALLS } from './team.ts';
import { TRANSPARENCY_CALLS } from './transparency.ts';
import { PAYOUT_REPLACED_PATH, WALLET_CALLS } from './wallet.ts';

/**
 * One line per call for the OpenAPI document (`/docs/json`), keyed like the path constants: a new
 * path without its line fails typecheck. A path that answers several methods names each.
 */
export type CallSummary = string | Partial<Record<'get' | 'post' | 'put' | 'delete', string>>;

export const API_SUMMARIES: Record<keyof typeof API, string> = {
  ...summariesOf(ASSET_CALLS),
  ...summariesOf(AUTH_CALLS),
  ...summariesOf(CONFIG_CALLS),
  ...summariesOf(CONTENT_CALLS),
  ...summariesOf(EQUITY_CALLS),
  ...summariesOf(FEEDBACK_CALLS),
  ...summariesOf(MINER_CALLS),
  ...summariesOf(NOTIFICATION_CALLS),
  ...summariesOf(PUSH_CALLS),
  ...summariesOf(TEAM_CALLS),
  ...summariesOf(TRANSPARENCY_CALLS),
  ...summariesOf(USER_CALLS),
  ...summariesOf(WALLET_CALLS),
  userGet: "The member's profile",
  upload: 'Upload an image (multipart, field `file`)',
  uploadedImage: 'An uploaded image, re-encoded, at the URL the upload answered with',
  minerProducts: 'Miners on sale, paged',
  minerBanners: 'Banners of the miner shop',
  myMiners: "The member's miners, paged",
  powerRecords: "The member's hash-rate records, paged",
  poolPower: "The pool's total and burned hash rate",
  blackHole: 'Hash rate burned, in total and today',
  dailyOutput: "The member's daily mining output",
  equityRound: 'The equity round now open',
  equityOrders: "The member's equity orders, paged",
  equityOrder: 'One equity order of the member',
  equityDailyYield: "The member's equity dividends per day",
  inviteRelation: "The member's invitation link, codes and invitees",
  departmentInfo: "The member's departments and their performance",
  communityInfo: 'The community at a glance',
  levelConfig: "The levels and the member's progress",
  performanceRank: 'Performance ranking, paged',
  communityRank: 'Community ranking, paged',
  poolCurrent: 'The prize pool now',
  poolHistory: 'Past prize pool rounds',
  rounds: 'Guess rounds, paged',
  withdrawals: "The member's withdrawals, paged",
  addressBook: "The member's saved withdrawal addresses, with the wait for new ones",
  addressAdd: 'Save a labelled withdrawal address, confirmed by email code and announced by mail',
  addressRemove: 'Remove a saved withdrawal address',
  depositSubmit: 'Report a deposit by its transaction hash',
  stream:
    "Server-Sent Events: price ticks, and with a token the member's own balance, withdrawal, reward and feedback events",
  depositPage: "The member's deposits, paged",
};

export const MARKET_API_SUMMARIES: Record<keyof typeof MARKET_API, string> = {
  coinList: 'Coins with price and 24-hour change, paged',
  coinDetail: "One coin's market detail",
  kline: "A coin's candles (K-line)",
  trend: 'Market trend',
};

/** The console's paths, with the one that lives beside its schemas in wallet.ts. */
export const CONSOLE_PATHS = { ...ADMIN_API, payoutReplaced: PAYOUT_REPLACED_PATH } as const;

export const CONSOLE_SUMMARIES: Record<keyof typeof CONSOLE_PATHS, CallSummary> = {
  login: 'Sign in an operator',
  logout: "Sign out: end this operator's session",
  me: 'The signed-in operator',
  password: "Change the operator's password",
  totpSetup: 'Start enrolling an authenticator app',
  totpEnable: 'Finish enrolling with a code',
  passkeySignInOptions: 'Start signing in with a passkey',
  passkeySignIn: 'Sign in an operator with a passkey',
  passkeys: { get: "The operator's passkeys", post: 'Finish enrolling a passkey' },
  passkeyOptions: 'Start enrolling a passkey',
  passkey: 'Remove one of your passkeys',
  operatorEmail: {
    get: "The operator's address for security notices",
    post: 'Confirm the address for security notices with its mailed code',
    delete: 'Remove the address for security notices',
  },
  operatorEmailCode: 'Mail a code to confirm an address for security notices',
  operators: { get: 'Operators', post: 'Add an operator' },
  operator: "Change an operator's role or disable it",
  operatorUnlock: 'Unlock a locked operator',
  operatorReset: "Reset an operator's password",
  operatorVouch: 'Vouch for an approver set up by another owner',
  operatorMembers: 'Link an operator to a member account',
  operatorPasskeys: "Remove another operator's passkeys (a lost passkey)",
  passkeyPolicy: {
    get: 'Roles that must sign in with a passkey',
    put: 'Choose the roles that must sign in with a passkey',
  },
  dashboard: 'Dashboard figures',
  members: 'Members, paged',
  membersCsv: 'Members as CSV',
  member: 'One member',
  memberLedger: "A member's ledger, paged",
  memberLedgerCsv: "A member's ledger as CSV",
  memberMiners: "A member's miners",
  memberOrders: "A member's orders",
  memberTeam: "A member's team",
  memberFeedback: "A member's feedback",
  adjust: 'Request a ledger adjustment',
  adjustments: 'Ledger adjustments, paged',
  adjustmentLimits: 'Limits of ledger adjustments',
  adjustmentApprove: 'Approve a ledger adjustment',
  adjustmentReject: 'Reject a ledger adjustment',
  ledgerCheck: 'Check that the ledger balances',
  withdrawals: 'Withdrawals, paged',
  withdrawalsCsv: 'Withdrawals as CSV',
  withdrawalApprove: 'Approve a withdrawal',
  withdrawalReject: 'Reject a withdrawal',
  payoutReplaced: 'Name the transaction that replaced a payout',
  products: { get: 'Miner products', post: 'Add a miner product' },
  product: 'Change a miner product',
  banners: { get: 'Banners', post: 'Add a banner' },
  banner: { put: 'Change a banner', delete: 'Delete a banner' },
  equityRounds: 'Equity rounds',
  equityOpen: 'Open an equity round',
  config: 'Settings',
  configKey: 'Change a setting',
  configChanges: 'Setting changes',
  configProposals: 'Proposed changes of guarded settings waiting for a second operator',
  configProposalApprove: 'Approve a proposed setting change',
  configProposalReject: 'Reject a proposed setting change',
  configProposalWithdraw: 'Withdraw one’s own proposed setting change',
  notices: { get: 'Notices', post: 'Add a notice' },
  notice: 'Change a notice',
  noticePublish: 'Publish a notice',
  noticeUnpublish: 'Unpublish a notice',
  noticePreview: 'Preview a notice as members will see it',
  feedback: 'Feedback, paged',
  feedbackReply: 'Reply to feedback',
  outbox: 'Mail outbox',
  jobs: 'Jobs and their schedules',
  jobRuns: 'Job runs, paged',
  jobRun: 'Run a job now',
  reserves: 'Reserve addresses, their signed days and the published solvency days',
  reserveAddresses: 'Add a cold reserve address',
  reserveAddress: { delete: 'Remove a cold reserve address' },
  reserveUpload: "Upload a cold address's offline signatures",
  audit: 'Audit log, paged',
  auditCsv: 'Audit log as CSV',
};
