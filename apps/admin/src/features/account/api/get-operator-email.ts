import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountKeys } from './query-keys';

/** The operator's own address for security notices (docs/operations.md, "Settings that guard money"). */

/** What every call of the address answers: the address, confirmed or waiting for its code. */
export type OperatorEmail = CallAnswer<typeof CONSOLE_CALLS.operatorEmailGet>;

export function getOperatorEmail(): Promise<OperatorEmail> {
  return api.get<OperatorEmail>(ADMIN_API.operatorEmail);
}

export function useOperatorEmail() {
  return useQuery({ queryKey: accountKeys.email, queryFn: getOperatorEmail });
}
