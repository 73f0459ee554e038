import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { MINER_CALLS } from '@minecloud/contract/miner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { useIsLoggedIn } from '@/lib/session';
import { transparencyKeys } from './query-keys';

export type DayOutput = CallAnswer<typeof MINER_CALLS.dailyOutput>['list'][number];

/** As far back as the network days the check offers (`NETWORK_DAYS`), and further: the call's most. */
const DAYS = 90;

/** The signed-in member's credited output per settled day, to check one against its blocks. */
export async function getDayOutputs(signal?: AbortSignal): Promise<DayOutput[]> {
  const { list } = await api<CallAnswer<typeof MINER_CALLS.dailyOutput>>({
    url: API.dailyOutput,
    query: { days: DAYS },
    signal,
    showErrorToast: false,
  });
  return list;
}

export function getDayOutputsQueryOptions() {
  return queryOptions({ queryKey: transparencyKeys.dayOutputs(DAYS), queryFn: ({ signal }) => getDayOutputs(signal) });
}

/** Asked only for a signed-in member. */
export function useDayOutputs() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...getDayOutputsQueryOptions(), enabled: isLoggedIn });
}
