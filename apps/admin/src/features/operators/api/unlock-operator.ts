import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Clears the failed sign-ins and the lock they caused. */
export async function unlockOperator(id: CallParams<typeof CONSOLE_CALLS.operatorUnlock>['id']): Promise<void> {
  await api.post<CallAnswer<typeof CONSOLE_CALLS.operatorUnlock>>(adminPath(ADMIN_API.operatorUnlock, { id }));
}
