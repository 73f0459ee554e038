import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { miningKeys } from './query-keys';

export type DailyOutput = CallAnswer<typeof MINER_CALLS.dailyOutput>['list'][number];

/** The chart on the hash-rate page shows the last 30 settled days. */
export const OUTPUT_CHART_DAYS = 30;

/** The member's BTC output per settled day, oldest first. */
export async function getDailyOutput(days: number, signal?: AbortSignal): Promise<DailyOutput[]> {
  const { list } = await api<CallAnswer<typeof MINER_CALLS.dailyOutput>>({
    url: API.dailyOutput,
    query: { days },
    signal,
  });
  return list;
}

export function getDailyOutputQueryOptions(days: number) {
  return queryOptions({
    queryKey: miningKeys.dailyOutput(days),
    queryFn: ({ signal }) => getDailyOutput(days, signal),
  });
}

export function useDailyOutput(days: number = OUTPUT_CHART_DAYS) {
  return useQuery(getDailyOutputQueryOptions(days));
}
