import { API } from '@minecloud/contract/api-paths';
import type { AUTH_CALLS } from '@minecloud/contract/auth';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { api } from '@/lib/request';

export type LoginBody = CallBody<typeof AUTH_CALLS.login>;
export type LoginAnswer = CallAnswer<typeof AUTH_CALLS.login>;

/** Exchanges a signed sign-in message for a token. Failures (codes 1001–1007) are toasted. */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return api<LoginAnswer>({ url: API.login, method: 'POST', data: body });
}
