import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type Update = typeof CONSOLE_CALLS.operator;

/** Changes an operator's role, or disables or enables the account. */
export async function updateOperator(
  id: CallParams<Update>['id'],
  change: Required<Pick<CallBody<Update>, 'role'>> | Required<Pick<CallBody<Update>, 'disabled'>>,
): Promise<void> {
  await api.put<CallAnswer<Update>>(adminPath(ADMIN_API.operator, { id }), change);
}
