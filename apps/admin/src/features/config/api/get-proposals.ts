import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { configKeys } from './query-keys';

export function getProposals(): Promise<CallAnswer<typeof CONSOLE_CALLS.configProposals>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.configProposals>>(ADMIN_API.configProposals);
}

/** Proposed loosening changes of guarded settings waiting for a second operator. */
export function useProposals() {
  return useQuery({ queryKey: configKeys.proposals, queryFn: getProposals });
}
