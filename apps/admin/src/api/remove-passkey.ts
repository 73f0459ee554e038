import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type Remove = typeof CONSOLE_CALLS.passkey;

export function removePasskey(id: CallParams<Remove>['id']): Promise<CallAnswer<Remove>> {
  return api.del<CallAnswer<Remove>>(adminPath(ADMIN_API.passkey, { id }));
}
