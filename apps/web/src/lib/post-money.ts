import { api } from '@/lib/request';
import { IDEMPOTENCY_HEADER } from './action-key';

/**
 * A money POST with its Idempotency-Key and a loading toast; a failure replaces the loading toast,
 * unless `showErrorToast` is false (the form shows it in place).
 */
export function postMoney<T>(
  url: string,
  body: unknown,
  idempotencyKey: string,
  loadingText: string,
  showErrorToast = true,
): Promise<T> {
  return api<T>({
    url,
    method: 'POST',
    data: body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    loadingText,
    showErrorToast,
  });
}
