import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Lost-passkey recovery: removes another operator's passkeys (never the owner's own). */
export async function clearPasskeys(id: CallParams<typeof CONSOLE_CALLS.operatorPasskeys>['id']): Promise<void> {
  await api.del<CallAnswer<typeof CONSOLE_CALLS.operatorPasskeys>>(adminPath(ADMIN_API.operatorPasskeys, { id }));
}
