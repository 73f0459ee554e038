import { api } from '@/lib/request';
import { IDEMPOTENCY_HEADER } from './action-key';

/** A money POST with its Idempotency-Key and a loading toast; a failure replaces the loading toast. */
export function postMoney<T>(url: string, body: unknown, idempotencyKey: string, loadingText: string): Promise<T> {
  return api<T>({ url, method: 'POST', data: body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, loadingText });
}
