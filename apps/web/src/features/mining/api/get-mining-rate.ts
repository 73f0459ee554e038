import { API } from '@minecloud/contract/api-paths';
import type { ParametersAnswer } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { miningKeys } from './query-keys';

const RATE_KEY = 'mining.btcPerThPerDay';

/** BTC one TH/s earns in a full day now (the public parameter log's `mining.btcPerThPerDay`), or null. */
export async function getMiningRate(signal?: AbortSignal): Promise<string | null> {
  const { current } = await api<ParametersAnswer>({ url: API.parameters, signal, showErrorToast: false });
  return current.find((parameter) => parameter.key === RATE_KEY)?.value ?? null;
}

export function getMiningRateQueryOptions() {
  return queryOptions({ queryKey: miningKeys.rate(), queryFn: ({ signal }) => getMiningRate(signal) });
}

/** Asked only when `enabled`: the hash-rate page needs the rate for an estimate alone. */
export function useMiningRate(enabled: boolean) {
  return useQuery({ ...getMiningRateQueryOptions(), enabled });
}
