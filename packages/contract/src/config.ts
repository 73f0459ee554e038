import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { LOCALES } from './locales.ts';

/**
 * A banner in the reader's language (else English, else the Chinese base): its art carries no text,
 * the app writes `title` and `subtitle` over it.
 */
export const bannerSchema = z.object({
  id: z.string(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string(),
  /** The language of the version answered. */
  lang: z.enum(LOCALES),
});

/** The deposit chain as a wallet is asked to switch to or add it (chains.ts, walletChain). */
export const walletChainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  rpcUrls: z.array(z.string()),
  explorer: z.string().nullable(),
});

export const basicConfigSchema = z.object({
  appName: z.string(),
  chainId: z.number().int(),
  appVersion: z.string(),
  demo: z.boolean(),
  banners: z.array(bannerSchema),
  /**
   * The support contacts the operators set (settings `support.*`, support.ts); a channel left unset
   * is absent, and with none the support screen says to write through feedback instead.
   */
  customerService: z.object({ email: z.string().optional(), telegram: z.string().optional() }),
  limits: z.record(z.string(), z.string()),
  features: z.record(z.string(), z.boolean()),
  /** The WalletConnect Cloud project id (public): absent or null, the sign-in page offers no WalletConnect. */
  walletConnectProjectId: z.string().nullable().optional(),
  /** The chain deposits are paid on, for "Pay from wallet"; absent while deposits are closed. */
  depositChain: walletChainSchema.optional(),
});
export type BasicConfig = z.infer<typeof basicConfigSchema>;
export type Banner = z.infer<typeof bannerSchema>;

/** The app's public settings (paths: `API`). */
export const CONFIG_CALLS = {
  basicConfig: call({
    method: 'GET',
    path: API.basicConfig,
    tag: 'config',
    summary: 'Public app settings: chain, banners, limits, features, support contacts',
    auth: 'public',
    money: false,
    answer: basicConfigSchema,
  }),
};
