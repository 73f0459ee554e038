import { API } from '@minecloud/contract/api-paths';
import type { WithdrawAsset, Withdrawal } from '@minecloud/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { whileNotLive } from '@/lib/live';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { walletKeys } from './query-keys';

export const WITHDRAWALS_PAGE_SIZE = 20;
/** A payout on its way gains confirmations: the list looks again this often while one is processing. */
export const WITHDRAWALS_REFRESH_MS = 15_000;

export type WithdrawalPage = { list: Withdrawal[]; total: number };

/** One page of the member's withdrawals of one asset, newest first. */
export function getWithdrawals(asset: WithdrawAsset, pageNo: number, signal?: AbortSignal): Promise<WithdrawalPage> {
  return api<WithdrawalPage>({
    url: API.withdrawals,
    query: { asset, pageNo, pageSize: WITHDRAWALS_PAGE_SIZE },
    signal,
  });
}

export function getWithdrawalsQueryOptions(asset: WithdrawAsset) {
  return infiniteQueryOptions({
    queryKey: walletKeys.withdrawals(asset),
    queryFn: ({ pageParam, signal }) => getWithdrawals(asset, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
    // While the live stream is up, a status change comes by itself (api/live-stream.ts).
    refetchInterval: (query) =>
      whileNotLive(
        query.state.data?.pages.some((page) => page.list.some((item) => item.status === 'processing'))
          ? WITHDRAWALS_REFRESH_MS
          : false,
      ),
  });
}

export function useWithdrawals(asset: WithdrawAsset) {
  return useInfiniteQuery(getWithdrawalsQueryOptions(asset));
}
