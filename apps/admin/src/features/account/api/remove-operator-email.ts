import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

export function removeOperatorEmail(): Promise<CallAnswer<typeof CONSOLE_CALLS.operatorEmailRemove>> {
  return api.del<CallAnswer<typeof CONSOLE_CALLS.operatorEmailRemove>>(ADMIN_API.operatorEmail);
}
