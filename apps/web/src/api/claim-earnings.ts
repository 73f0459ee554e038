import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer } from '@minecloud/contract/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

export type ClaimAsset = 'USDT' | 'BTC';
export type ClaimAnswer = CallAnswer<typeof ASSET_CALLS.usdtClaim>;

const CLAIM_PATHS: Record<ClaimAsset, string> = { USDT: API.usdtClaim, BTC: API.btcClaim };

/** Moves all claimable earnings of `asset` to available; code 1015 when there is nothing to claim. */
export function claimEarnings(asset: ClaimAsset, idempotencyKey: string): Promise<ClaimAnswer> {
  return postMoney<ClaimAnswer>(CLAIM_PATHS[asset], {}, idempotencyKey, i18n.t('claiming'));
}

export function useClaimEarnings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (asset: ClaimAsset) => withActionKey(CLAIM_PATHS[asset], {}, (key) => claimEarnings(asset, key)),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
