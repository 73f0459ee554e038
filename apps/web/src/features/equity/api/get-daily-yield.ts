import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { EQUITY_CALLS, EquityDailyYield } from '@minecloud/contract/equity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { equityKeys } from './query-keys';

/** The equity page's chart shows the last 30 settled days. */
export const YIELD_CHART_DAYS = 30;

/** The member's equity dividends per settled day, oldest first. */
export async function getDailyYield(days: number, signal?: AbortSignal): Promise<EquityDailyYield[]> {
  const { list } = await api<CallAnswer<typeof EQUITY_CALLS.equityDailyYield>>({
    url: API.equityDailyYield,
    query: { days },
    signal,
  });
  return list;
}

export function getDailyYieldQueryOptions(days: number) {
  return queryOptions({
    queryKey: equityKeys.dailyYield(days),
    queryFn: ({ signal }) => getDailyYield(days, signal),
  });
}

export function useDailyYield(days: number = YIELD_CHART_DAYS) {
  return useQuery(getDailyYieldQueryOptions(days));
}
