import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ERROR_CODES } from '@minecloud/contract/error-codes';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { networkKeys } from '@/api/network-keys';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';
import { isApiError } from '@/lib/request';
import { miningKeys } from './query-keys';

export type BuyBody = CallBody<typeof MINER_CALLS.minerBuy>;
export type BuyAnswer = CallAnswer<typeof MINER_CALLS.minerBuy>;

/** Buys `quantity` units of a miner product with USDT; 5% of their hash rate goes to the black hole. */
export function buyMiners(body: BuyBody, idempotencyKey: string): Promise<BuyAnswer> {
  return postMoney<BuyAnswer>(API.minerBuy, body, idempotencyKey, i18n.t('minerPaying'));
}

/** After a purchase: stock, the member's miners and hash rate, the network totals, and every money view. */
function invalidateAfterPurchase(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: miningKeys.all }),
    queryClient.invalidateQueries({ queryKey: networkKeys.all }),
    invalidateMoneyQueries(queryClient),
  ]).then(() => undefined);
}

/** Refusals that mean the catalogue on screen is out of date. */
const STALE_CATALOGUE: number[] = [ERROR_CODES.soldOut, ERROR_CODES.notEnoughStock, ERROR_CODES.productNotFound];

export function useBuyMiners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyBody) => withActionKey(API.minerBuy, body, (key) => buyMiners(body, key)),
    // Not awaited: the sheet closes at once, and the lists refresh behind it.
    onSuccess: () => void invalidateAfterPurchase(queryClient),
    onError: (error) => {
      if (isApiError(error) && STALE_CATALOGUE.includes(error.code)) {
        void queryClient.invalidateQueries({ queryKey: miningKeys.products() });
      }
    },
  });
}
