import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type Confirm = typeof CONSOLE_CALLS.operatorEmailConfirm;

export function confirmOperatorEmail(
  email: CallBody<Confirm>['email'],
  code: CallBody<Confirm>['code'],
): Promise<CallAnswer<Confirm>> {
  return api.post<CallAnswer<Confirm>>(ADMIN_API.operatorEmail, { email, code } satisfies CallBody<Confirm>);
}
