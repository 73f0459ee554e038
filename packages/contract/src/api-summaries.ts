import type { API, MARKET_API } from './api-paths.ts';
import { ASSET_CALLS } from './asset.ts';
import { AUTH_CALLS } from './auth.ts';
import { methodsOf, summariesOf } from './calls.ts';
import { CONFIG_CALLS } from './config.ts';
import { ADMIN_API, CONSOLE_CALLS } from './console.ts';
import { CONTENT_CALLS, FEEDBACK_CALLS, USER_CALLS } from './content.ts';
import { EQUITY_CALLS } from './equity.ts';
import { MARKET_CALLS, ROUND_CALLS } from './market.ts';
import { MINER_CALLS } from './miner.ts';
import { NOTIFICATION_CALLS } from './notifications.ts';
import { PUSH_CALLS } from './push.ts';
import { STREAM_CALLS } from './stream.ts';
import { TEAM_CALLS } from './team.ts';
import { TRANSPARENCY_CALLS } from './transparency.ts';
import { PAYOUT_REPLACED_PATH, WALLET_CALLS } from './wallet.ts';

/**
 * One line per call for the OpenAPI document (`/docs/json`), keyed like the path constants: a new
 * path without its line fails typecheck. Every line is its call's declaration's summary; a path
 * that answers several methods names each (`methodsOf`).
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
  ...summariesOf(ROUND_CALLS),
  ...summariesOf(STREAM_CALLS),
  ...summariesOf(PUSH_CALLS),
  ...summariesOf(TEAM_CALLS),
  ...summariesOf(TRANSPARENCY_CALLS),
  ...summariesOf(USER_CALLS),
  ...summariesOf(WALLET_CALLS),
};

export const MARKET_API_SUMMARIES: Record<keyof typeof MARKET_API, CallSummary> = {
  coinList: methodsOf(MARKET_CALLS.coinList, MARKET_CALLS.coinListGet),
  coinDetail: methodsOf(MARKET_CALLS.coinDetail, MARKET_CALLS.coinDetailGet),
  kline: methodsOf(MARKET_CALLS.kline, MARKET_CALLS.klineGet),
  trend: methodsOf(MARKET_CALLS.trend, MARKET_CALLS.trendGet),
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
  products: methodsOf(CONSOLE_CALLS.productList, CONSOLE_CALLS.productAdd),
  banners: methodsOf(CONSOLE_CALLS.bannerList, CONSOLE_CALLS.bannerAdd),
  banner: methodsOf(CONSOLE_CALLS.bannerEdit, CONSOLE_CALLS.bannerDelete),
  notices: methodsOf(CONSOLE_CALLS.noticeList, CONSOLE_CALLS.noticeAdd),
};
