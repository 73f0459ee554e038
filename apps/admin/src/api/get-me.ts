import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** The operator the session's token belongs to, with the setup step still due (app/session-provider). */
export function getMe(): Promise<CallAnswer<typeof CONSOLE_CALLS.me>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.me>>(ADMIN_API.me);
}
