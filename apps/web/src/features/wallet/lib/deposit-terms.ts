import type { BasicConfig } from '@minecloud/contract/config';
import { WITHDRAW_ASSETS, type WithdrawAsset, walletLimitKey } from '@minecloud/contract/wallet';

export type DepositToken = { asset: WithdrawAsset; contract: string };

/** Where members pay, which token contracts count, and how many confirmations a deposit waits for. */
export type DepositTerms = { address: string; tokens: DepositToken[]; confirmations: number | null };

/** The deposit terms of the basic config; null while deposits are not open (or have nowhere to go). */
export function depositTerms(config: BasicConfig): DepositTerms | null {
  const address = config.limits[walletLimitKey.depositAddress]?.trim();
  if (config.features.deposits !== true || !address) return null;
  const tokens = WITHDRAW_ASSETS.flatMap((asset) => {
    const contract = config.limits[walletLimitKey.token(asset)]?.trim();
    return contract ? [{ asset, contract }] : [];
  });
  const confirmations = config.limits[walletLimitKey.confirmations]?.trim() ?? '';
  return { address, tokens, confirmations: /^\d{1,6}$/.test(confirmations) ? Number(confirmations) : null };
}
