import { API } from '@minecloud/contract/api-paths';
import type { AUTH_CALLS } from '@minecloud/contract/auth';
import type { CallAnswer } from '@minecloud/contract/calls';
import { api } from '@/lib/request';

export type NonceAnswer = CallAnswer<typeof AUTH_CALLS.nonce>;

/** A single-use nonce for one sign-in message; never cached, so it has no query options. */
export function getNonce(): Promise<NonceAnswer> {
  return api<NonceAnswer>({ url: API.nonce });
}
