import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { WALLET_CALLS, WithdrawAsset } from '@minecloud/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

export type WithdrawBody = CallBody<typeof WALLET_CALLS.usdtWithdraw>;
export type WithdrawAnswer = CallAnswer<typeof WALLET_CALLS.usdtWithdraw>;

/** What the withdraw mutation takes: the asset picks the path. */
export type WithdrawCall = { asset: WithdrawAsset; body: WithdrawBody };

const WITHDRAW_PATHS: Record<WithdrawAsset, string> = { USDT: API.usdtWithdraw, BTC: API.btcWithdraw };

/**
 * Asks to withdraw `amount` (fee included) to `address`, confirmed by the email code. A refusal
 * comes back to the form, which shows it in place rather than as a toast.
 */
export function withdraw(asset: WithdrawAsset, body: WithdrawBody, idempotencyKey: string): Promise<WithdrawAnswer> {
  return postMoney<WithdrawAnswer>(WITHDRAW_PATHS[asset], body, idempotencyKey, i18n.t('withdrawing'), false);
}

export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, body }: WithdrawCall) =>
      withActionKey(WITHDRAW_PATHS[asset], body, (key) => withdraw(asset, body, key)),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
