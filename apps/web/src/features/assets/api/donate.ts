import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

export type DonateBody = CallBody<typeof ASSET_CALLS.donate>;
export type DonateAnswer = CallAnswer<typeof ASSET_CALLS.donate>;

/** Donates to the foundation; the donation then shows in the public list. */
export function donate(body: DonateBody, idempotencyKey: string): Promise<DonateAnswer> {
  return postMoney<DonateAnswer>(API.donate, body, idempotencyKey, i18n.t('processing'));
}

export function useDonate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DonateBody) => withActionKey(API.donate, body, (key) => donate(body, key)),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
