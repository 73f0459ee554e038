import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ERROR_CODES } from '@minecloud/contract/error-codes';
import type { TEAM_CALLS } from '@minecloud/contract/team';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';
import { isApiError } from '@/lib/request';
import { poolKeys } from './query-keys';

/** The web app always sends what the call may leave out. */
export type ForgeBody = Required<CallBody<typeof TEAM_CALLS.poolForge>>;
export type ForgeAnswer = CallAnswer<typeof TEAM_CALLS.poolForge>;

/** Forges `amount` gold coins into this round's pool, joining the round. */
export function forgeGold(body: ForgeBody, idempotencyKey: string): Promise<ForgeAnswer> {
  return postMoney<ForgeAnswer>(API.poolForge, body, idempotencyKey, i18n.t('processing'));
}

/** After a forge: the pool and its ranking, and every money view (the gold balance). */
function invalidateAfterForge(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: poolKeys.all }),
    invalidateMoneyQueries(queryClient),
  ]).then(() => undefined);
}

export function useForgeGold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForgeBody) => withActionKey(API.poolForge, body, (key) => forgeGold(body, key)),
    onSuccess: () => void invalidateAfterForge(queryClient),
    onError: (error) => {
      // The minimum on screen is out of date.
      if (isApiError(error) && error.code === ERROR_CODES.belowMinForge) {
        void queryClient.invalidateQueries({ queryKey: poolKeys.all });
      }
    },
  });
}
