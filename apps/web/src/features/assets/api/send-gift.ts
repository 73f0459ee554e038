import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

export type GiftBody = CallBody<typeof ASSET_CALLS.gift>;
export type GiftAnswer = CallAnswer<typeof ASSET_CALLS.gift>;

/** Gifts `amount` of `asset` to another member by ID. */
export function sendGift(body: GiftBody, idempotencyKey: string): Promise<GiftAnswer> {
  return postMoney<GiftAnswer>(API.gift, body, idempotencyKey, i18n.t('processing'));
}

export function useSendGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftBody) => withActionKey(API.gift, body, (key) => sendGift(body, key)),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
