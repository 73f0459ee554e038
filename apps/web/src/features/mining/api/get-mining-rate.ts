import { API } from '@minecloud/contract/api-paths';
import type { ParametersAnswer } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { miningKeys } from './query-keys';

const RATE_KEY = 'mining.btcPerThPerDay';
const NETWORK_KEY = 'mining.networkOutput';

/**
 * How a day is paid now: in the network mode (`mining.networkOutput`) what the Bitcoin network paid
 * that day, and the fixed rate setting does not apply; otherwise the fixed rate, BTC per TH/s a day.
 */
export type MiningRate = { network: boolean; fixed: string | null };

/** The mode and the fixed rate now, from the public parameter log. */
export async function getMiningRate(signal?: AbortSignal): Promise<MiningRate> {
  const { current } = await api<ParametersAnswer>({ url: API.parameters, signal, showErrorToast: false });
  const value = (key: string) => current.find((parameter) => parameter.key === key)?.value ?? null;
  return { network: value(NETWORK_KEY) === 'true', fixed: value(RATE_KEY) };
}

export function getMiningRateQueryOptions() {
  return queryOptions({ queryKey: miningKeys.rate(), queryFn: ({ signal }) => getMiningRate(signal) });
}

/** Asked only when `enabled`: the hash-rate page needs the rate for an estimate alone. */
export function useMiningRate(enabled: boolean) {
  return useQuery({ ...getMiningRateQueryOptions(), enabled });
}
