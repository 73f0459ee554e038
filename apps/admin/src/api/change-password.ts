import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type Change = typeof CONSOLE_CALLS.password;

/** Replaces the operator's password (setup's first step, or from the account page); answers the operator. */
export function changePassword(body: CallBody<Change>): Promise<CallAnswer<Change>> {
  return api.post<CallAnswer<Change>>(ADMIN_API.password, body);
}
