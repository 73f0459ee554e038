import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

export type TopUpBody = CallBody<typeof ASSET_CALLS.topup>;
export type TopUpAnswer = CallAnswer<typeof ASSET_CALLS.topup>;

/** Buys gold coins with USDT at the configured rate. */
export function topUpGold(body: TopUpBody, idempotencyKey: string): Promise<TopUpAnswer> {
  return postMoney<TopUpAnswer>(API.topup, body, idempotencyKey, i18n.t('processing'));
}

export function useTopUpGold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TopUpBody) => withActionKey(API.topup, body, (key) => topUpGold(body, key)),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
