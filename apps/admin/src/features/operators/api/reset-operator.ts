import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** The owner's reset: a new one-time password for the operator. */
export function resetOperator(
  id: CallParams<typeof CONSOLE_CALLS.operatorReset>['id'],
): Promise<CallAnswer<typeof CONSOLE_CALLS.operatorReset>> {
  return api.post<CallAnswer<typeof CONSOLE_CALLS.operatorReset>>(adminPath(ADMIN_API.operatorReset, { id }));
}
