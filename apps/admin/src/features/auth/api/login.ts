import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

export type LoginAnswer = CallAnswer<typeof CONSOLE_CALLS.login>;

export function login(body: CallBody<typeof CONSOLE_CALLS.login>): Promise<LoginAnswer> {
  return api.post<LoginAnswer>(ADMIN_API.login, body);
}
