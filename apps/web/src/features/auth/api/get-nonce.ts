import { API } from '@minecloud/contract/api-paths';
import { api } from '@/lib/request';

/** Matches `nonceAnswerSchema` of the contract (which exports no type for it). */
export type NonceAnswer = { nonce: string };

/** A single-use nonce for one sign-in message; never cached, so it has no query options. */
export function getNonce(): Promise<NonceAnswer> {
  return api<NonceAnswer>({ url: API.nonce });
}
