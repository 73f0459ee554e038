import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** The operator's own address for security notices (docs/operations.md, "Settings that guard money"). */

type Code = typeof CONSOLE_CALLS.operatorEmailCode;
type Confirm = typeof CONSOLE_CALLS.operatorEmailConfirm;

/** What every call of the address answers: the address, confirmed or waiting for its code. */
export type OperatorEmail = CallAnswer<typeof CONSOLE_CALLS.operatorEmailGet>;

export const operatorEmailKey = ['auth', 'email'] as const;

export function getOperatorEmail(): Promise<OperatorEmail> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.operatorEmailGet>>(ADMIN_API.operatorEmail);
}

/** Mails a six-digit code to `email`; the address counts only once the code is entered. */
export function sendOperatorEmailCode(email: CallBody<Code>['email']): Promise<CallAnswer<Code>> {
  return api.post<CallAnswer<Code>>(ADMIN_API.operatorEmailCode, { email } satisfies CallBody<Code>);
}

export function confirmOperatorEmail(
  email: CallBody<Confirm>['email'],
  code: CallBody<Confirm>['code'],
): Promise<CallAnswer<Confirm>> {
  return api.post<CallAnswer<Confirm>>(ADMIN_API.operatorEmail, { email, code } satisfies CallBody<Confirm>);
}

export function removeOperatorEmail(): Promise<CallAnswer<typeof CONSOLE_CALLS.operatorEmailRemove>> {
  return api.del<CallAnswer<typeof CONSOLE_CALLS.operatorEmailRemove>>(ADMIN_API.operatorEmail);
}
