import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { EQUITY_CALLS } from '@minecloud/contract/equity';
import { ERROR_CODES } from '@minecloud/contract/error-codes';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';
import { isApiError } from '@/lib/request';
import { equityKeys } from './query-keys';

/** The web app always sends what the call may leave out. */
export type BuySharesBody = Required<CallBody<typeof EQUITY_CALLS.equityBuy>>;
export type BuySharesAnswer = CallAnswer<typeof EQUITY_CALLS.equityBuy>;

/** Buys `quantity` shares of the open round with available USDT. */
export function buyShares(body: BuySharesBody, idempotencyKey: string): Promise<BuySharesAnswer> {
  return postMoney<BuySharesAnswer>(API.equityBuy, body, idempotencyKey, i18n.t('paying'));
}

/** After shares change hands: the round, the member's orders, and every money view. */
export function invalidateAfterShares(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: equityKeys.all }),
    invalidateMoneyQueries(queryClient),
  ]).then(() => undefined);
}

/** Refusals that mean the round on screen is out of date (closed, fewer shares left, new terms). */
export const STALE_ROUND: number[] = [
  ERROR_CODES.roundClosed,
  ERROR_CODES.notEnoughShares,
  ERROR_CODES.belowMinQuantity,
  ERROR_CODES.belowMinReinvest,
];

export function useBuyShares() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuySharesBody) => withActionKey(API.equityBuy, body, (key) => buyShares(body, key)),
    // Not awaited: the sheet shows its result at once, and the views refresh behind it.
    onSuccess: () => void invalidateAfterShares(queryClient),
    onError: (error) => {
      if (isApiError(error) && STALE_ROUND.includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: equityKeys.round() });
      }
    },
  });
}
