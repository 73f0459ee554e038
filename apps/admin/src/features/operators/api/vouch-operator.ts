import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Vouches for an approver another owner set up: it may then decide four-eyes questions. */
export async function vouchOperator(id: CallParams<typeof CONSOLE_CALLS.operatorVouch>['id']): Promise<void> {
  await api.post<CallAnswer<typeof CONSOLE_CALLS.operatorVouch>>(adminPath(ADMIN_API.operatorVouch, { id }));
}
