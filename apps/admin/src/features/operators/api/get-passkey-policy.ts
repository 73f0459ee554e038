import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { operatorsKeys } from './query-keys';

export function getPasskeyPolicy(): Promise<CallAnswer<typeof CONSOLE_CALLS.passkeyPolicyGet>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.passkeyPolicyGet>>(ADMIN_API.passkeyPolicy);
}

export function usePasskeyPolicy() {
  return useQuery({ queryKey: operatorsKeys.passkeyPolicy, queryFn: getPasskeyPolicy });
}
