import { walletChain } from '@minecloud/contract/chains';
import type { BasicConfig } from '@minecloud/contract/config';
import type { Locale } from '@minecloud/contract/locales';
import { SUPPORT_CHANNELS } from '@minecloud/contract/support';
import { WITHDRAW_ASSETS, walletLimitKey } from '@minecloud/contract/wallet';
import type { Db } from '../../db/client.ts';
import { activeBanners } from '../content/banners.ts';
import { getSetting } from './settings.ts';

const APP_VERSION = '1.0.0';

/**
 * What the wallet screens need of the chain: where deposits go, which tokens count, and the public
 * node a member's wallet may add the chain with (CHAIN_PUBLIC_RPC_URL; never CHAIN_RPC_URL, whose
 * address may carry a key).
 */
export type WalletFacts = {
  depositAddress: string | null;
  tokens: Partial<Record<'USDT' | 'BTC', string>>;
  publicRpcUrl?: string | null;
};

export async function basicConfig(
  db: Db,
  options: {
    chainId: number;
    demo: boolean;
    wallet: WalletFacts;
    walletConnectProjectId?: string | null;
    /** The language of the banners. */
    locale: Locale;
    /** When the settings are read (the app's clock). */
    now: Date;
  },
): Promise<BasicConfig> {
  const at = options.now;
  const [goldPerUsdt, transferAssets, donationAssets, tradingOpen, repurchaseOpen, confirmations, ...fees] =
    await Promise.all([
      getSetting(db, 'gold.perUsdt', at),
      getSetting(db, 'transfer.assets', at),
      getSetting(db, 'donation.assets', at),
      getSetting(db, 'equity.tradingOpen', at),
      getSetting(db, 'equity.repurchaseOpen', at),
      getSetting(db, 'chain.confirmations', at),
      ...WITHDRAW_ASSETS.flatMap((asset) => [
        getSetting(db, `withdraw.fee.${asset}`, at),
        getSetting(db, `withdraw.min.${asset}`, at),
      ]),
    ]);
  const support = await Promise.all(
    SUPPORT_CHANNELS.map(async (channel) => [channel, await getSetting(db, `support.${channel}`, at)] as const),
  );
  const { depositAddress, tokens, publicRpcUrl = null } = options.wallet;
  const depositsOpen = Boolean(depositAddress && Object.keys(tokens).length);
  const walletLimits: Record<string, string> = { [walletLimitKey.confirmations]: String(confirmations) };
  WITHDRAW_ASSETS.forEach((asset, index) => {
    walletLimits[walletLimitKey.fee(asset)] = fees[index * 2] as string;
    walletLimits[walletLimitKey.min(asset)] = fees[index * 2 + 1] as string;
    const token = tokens[asset];
    if (token) walletLimits[walletLimitKey.token(asset)] = token;
  });
  if (depositAddress) walletLimits[walletLimitKey.depositAddress] = depositAddress;
  return {
    appName: 'MineCloud',
    chainId: options.chainId,
    appVersion: APP_VERSION,
    demo: options.demo,
    banners: await activeBanners(db, 'home', options.locale),
    // A channel the operators left empty is left out: the support screen shows only what is set.
    customerService: Object.fromEntries(support.filter(([, value]) => value !== '')),
    limits: {
      goldPerUsdt: String(goldPerUsdt),
      transferAssets: transferAssets.join(','),
      donationAssets: donationAssets.join(','),
      ...walletLimits,
    },
    features: {
      equityTrading: tradingOpen,
      equityRepurchase: repurchaseOpen,
      deposits: depositsOpen,
    },
    walletConnectProjectId: options.walletConnectProjectId ?? null,
    ...(depositsOpen ? { depositChain: walletChain(options.chainId, publicRpcUrl) } : {}),
  };
}
