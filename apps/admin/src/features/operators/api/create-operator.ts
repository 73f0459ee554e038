import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type Add = typeof CONSOLE_CALLS.operatorAdd;

/** A new operator's, or a reset operator's (the same answer), one-time password: shown once, kept nowhere. */
export type OneTimePassword = CallAnswer<Add>;

export function createOperator(body: CallBody<Add>): Promise<OneTimePassword> {
  return api.post<CallAnswer<Add>>(ADMIN_API.operators, body);
}
