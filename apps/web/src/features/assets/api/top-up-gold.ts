import { API } from '@minecloud/contract/api-paths';
import type { topupAnswerSchema, topupBodySchema } from '@minecloud/contract/asset';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { z } from 'zod';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

export type TopUpBody = z.input<typeof topupBodySchema>;
export type TopUpAnswer = z.infer<typeof topupAnswerSchema>;

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
