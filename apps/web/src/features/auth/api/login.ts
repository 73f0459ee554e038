import { API } from '@minecloud/contract/api-paths';
import type { LoginAnswer, LoginBody } from '@minecloud/contract/auth';
import { api } from '@/lib/request';

/** Exchanges a signed sign-in message for a token. Failures (codes 1001–1007) are toasted. */
export function login(body: LoginBody): Promise<LoginAnswer> {
  return api<LoginAnswer>({ url: API.login, method: 'POST', data: body });
}
