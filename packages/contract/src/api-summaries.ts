import type { API, MARKET_API } from './api-paths.ts';
import { ASSET_CALLS } from './asset.ts';
import { AUTH_CALLS } from './auth.ts';
import { methodsOf, summariesOf } from './calls.ts';
import { CONFIG_CALLS } from './config.ts';
import { ADMIN_API, CONSOLE_CALLS } from './console.ts';
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
  upload: 'Upload an image (multipart, field `file`)',
  uploadedImage: 'An uploaded image, re-encoded, at the URL the upload answered with',
  rounds: 'Guess rounds, paged',
  stream:
    "Server-Sent Events: price ticks, and with a token the member's own balance, withdrawal, reward and feedback events",
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
  passkeys: methodsOf(CONSOLE_CALLS.passkeyList, CONSOLE_CALLS.passkeyEnrol),
  operatorEmail: methodsOf(
    CONSOLE_CALLS.operatorEmailGet,
    CONSOLE_CALLS.operatorEmailConfirm,
    CONSOLE_CALLS.operatorEmailRemove,
  ),
  operators: methodsOf(CONSOLE_CALLS.operatorList, CONSOLE_CALLS.operatorAdd),
  passkeyPolicy: methodsOf(CONSOLE_CALLS.passkeyPolicyGet, CONSOLE_CALLS.passkeyPolicySet),
  membersCsv: 'Members as CSV',
  memberLedgerCsv: "A member's ledger as CSV",
  adjust: 'Request a ledger adjustment',
  withdrawalsCsv: 'Withdrawals as CSV',
  products: methodsOf(CONSOLE_CALLS.productList, CONSOLE_CALLS.productAdd),
  banners: methodsOf(CONSOLE_CALLS.bannerList, CONSOLE_CALLS.bannerAdd),
  banner: methodsOf(CONSOLE_CALLS.bannerEdit, CONSOLE_CALLS.bannerDelete),
  notices: methodsOf(CONSOLE_CALLS.noticeList, CONSOLE_CALLS.noticeAdd),
  auditCsv: 'Audit log as CSV',
};
