import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { miningKeys, type PowerSource } from './query-keys';

export const POWER_RECORDS_PAGE_SIZE = 20;

export type PowerPage = CallAnswer<typeof MINER_CALLS.powerRecords>;
export type PowerSummary = Pick<PowerPage, 'own' | 'bonus'>;

type PowerQuery = { source?: PowerSource; pageNo: number; pageSize: number };

/** One page of the member's hash-rate changes, newest first, with their live own and bonus hash rate. */
export function getPowerRecords(body: PowerQuery, signal?: AbortSignal): Promise<PowerPage> {
  return api<PowerPage>({ url: API.powerRecords, method: 'POST', data: body, signal });
}

export function getPowerRecordsQueryOptions(source: PowerSource) {
  return infiniteQueryOptions({
    queryKey: miningKeys.powerRecords(source),
    queryFn: ({ pageParam, signal }) =>
      getPowerRecords({ source, pageNo: pageParam, pageSize: POWER_RECORDS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function usePowerRecords(source: PowerSource) {
  return useInfiniteQuery(getPowerRecordsQueryOptions(source));
}

/** The member's own and bonus hash rate: the totals that come with every page of records, here with one row. */
export async function getPowerSummary(signal?: AbortSignal): Promise<PowerSummary> {
  const { own, bonus } = await getPowerRecords({ pageNo: 1, pageSize: 1 }, signal);
  return { own, bonus };
}

export function getPowerSummaryQueryOptions() {
  return queryOptions({ queryKey: miningKeys.powerSummary(), queryFn: ({ signal }) => getPowerSummary(signal) });
}

export function usePowerSummary() {
  return useQuery(getPowerSummaryQueryOptions());
}
