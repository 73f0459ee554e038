import type { API, MARKET_API } from './api-paths.ts';
import { ASSET_CALLS } from './asset.ts';
import { summariesOf } from './calls.ts';
import { ADMIN_API, CONSOLE_CALLS } from './console.ts';
import { EQUITY_CALLS } from './equity.ts';
import { MINER_CALLS } from './miner.ts';
import { TEAM_CALLS } from './team.ts';
import { PAYOUT_REPLACED_PATH, WALLET_CALLS } from './wallet.ts';

/**
 * One line per call for the OpenAPI document (`/docs/json`), keyed like the path constants: a new
 * path without its line fails typecheck. A path that answers several methods names each.
 */
export type CallSummary = string | Partial<Record<'get' | 'post' | 'put' | 'delete', string>>;

export const API_SUMMARIES: Record<keyof typeof API, string> = {
  ...summariesOf(ASSET_CALLS),
  ...summariesOf(EQUITY_CALLS),
  ...summariesOf(MINER_CALLS),
  ...summariesOf(TEAM_CALLS),
  ...summariesOf(WALLET_CALLS),
  nonce: 'Get a one-time nonce to sign in with',
  login: 'Sign in with a signed wallet message',
  logout: 'Sign out: revoke this token',
  userGet: "The member's profile",
  basicConfig: 'Public app settings: chain, banners, limits, features, support contacts',
  upload: 'Upload an image (multipart, field `file`)',
  uploadedImage: 'An uploaded image, re-encoded, at the URL the upload answered with',
  rounds: 'Guess rounds, paged',
  noticeShow: 'The notice to show as a pop-up, if any',
  noticePage: 'Notices and articles, paged',
  noticeGet: 'One notice or article',
  feedbackSubmit: 'Send feedback',
  feedbackList: "The member's feedback and its replies, paged",
  sendEmailCode: 'Send a verification code by email',
  bindEmail: 'Bind an email address with its code',
  bindWallet: 'Bind a withdrawal address with an email code',
  notifications: "The member's notifications, newest first, paged",
  notificationUnread: "The member's unread notifications and unseen notices",
  notificationRead: "Mark one of the member's notifications read",
  notificationReadAll: 'Mark every notification and notice read',
  noticesSeen: 'Mark the published notices seen',
  pushKey: "The server's Web Push (VAPID) public key, or null when push is off",
  pushSubscribe: "Push the member's notifications to this browser subscription, in its language",
  pushUnsubscribe: 'Stop pushing to this browser subscription',
  stream:
    "Server-Sent Events: price ticks, and with a token the member's own balance, withdrawal, reward and feedback events",
  liabilities: 'Published liability roots (proof of liabilities)',
  liabilityProof: "The member's proof of inclusion in a liability root",
  roundCandles: 'Market candles of guess rounds',
  parameters: 'Public economic parameters',
  transparencyTotals: 'Platform totals',
  solvency: 'Proof of solvency: reserves, liabilities and the chain of commitments',
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
  ...summariesOf(CONSOLE_CALLS),
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
  operatorPasskeys: "Remove another operator's passkeys (a lost passkey)",
  passkeyPolicy: {
    get: 'Roles that must sign in with a passkey',
    put: 'Choose the roles that must sign in with a passkey',
  },
  membersCsv: 'Members as CSV',
  memberLedgerCsv: "A member's ledger as CSV",
  adjust: 'Request a ledger adjustment',
  withdrawalsCsv: 'Withdrawals as CSV',
  products: { get: 'Miner products', post: 'Add a miner product' },
  product: 'Change a miner product',
  banners: { get: 'Banners', post: 'Add a banner' },
  banner: { put: 'Change a banner', delete: 'Delete a banner' },
  notices: { get: 'Notices', post: 'Add a notice' },
  notice: 'Change a notice',
  noticePublish: 'Publish a notice',
  noticeUnpublish: 'Unpublish a notice',
  noticePreview: 'Preview a notice as members will see it',
  auditCsv: 'Audit log as CSV',
};
