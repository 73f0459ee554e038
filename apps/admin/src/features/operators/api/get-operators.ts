import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { operatorsKeys } from './query-keys';

export function getOperators(): Promise<CallAnswer<typeof CONSOLE_CALLS.operatorList>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.operatorList>>(ADMIN_API.operators);
}

export function useOperators() {
  return useQuery({ queryKey: operatorsKeys.list, queryFn: getOperators });
}
