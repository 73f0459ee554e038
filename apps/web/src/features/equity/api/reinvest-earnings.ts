import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { EQUITY_CALLS } from '@minecloud/contract/equity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';
import { isApiError } from '@/lib/request';
import { invalidateAfterShares, STALE_ROUND } from './buy-shares';
import { equityKeys } from './query-keys';

/** The web app always sends what the call may leave out. */
export type ReinvestBody = Required<CallBody<typeof EQUITY_CALLS.equityReinvest>>;
export type ReinvestAnswer = CallAnswer<typeof EQUITY_CALLS.equityReinvest>;

/** Turns `amount` USDT of earnings into whole shares of the open round; the rest stays in earnings. */
export function reinvestEarnings(body: ReinvestBody, idempotencyKey: string): Promise<ReinvestAnswer> {
  return postMoney<ReinvestAnswer>(API.equityReinvest, body, idempotencyKey, i18n.t('processing'));
}

export function useReinvestEarnings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReinvestBody) => withActionKey(API.equityReinvest, body, (key) => reinvestEarnings(body, key)),
    onSuccess: () => void invalidateAfterShares(queryClient),
    onError: (error) => {
      if (isApiError(error) && STALE_ROUND.includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: equityKeys.round() });
      }
    },
  });
}
