import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { transparencyKeys } from './query-keys';

type ParametersAnswer = CallAnswer<typeof TRANSPARENCY_CALLS.parameters>;

/** Every member-facing parameter's value now and every change made to them, newest first (public). */
export function getParameters(signal?: AbortSignal): Promise<ParametersAnswer> {
  return api<ParametersAnswer>({ url: API.parameters, signal, showErrorToast: false });
}

export function getParametersQueryOptions() {
  return queryOptions({
    queryKey: transparencyKeys.parameters(),
    queryFn: ({ signal }) => getParameters(signal),
  });
}

export function useParameters() {
  return useQuery(getParametersQueryOptions());
}
