import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type Code = typeof CONSOLE_CALLS.operatorEmailCode;

/** Mails a six-digit code to `email`; the address counts only once the code is entered. */
export function sendOperatorEmailCode(email: CallBody<Code>['email']): Promise<CallAnswer<Code>> {
  return api.post<CallAnswer<Code>>(ADMIN_API.operatorEmailCode, { email } satisfies CallBody<Code>);
}
