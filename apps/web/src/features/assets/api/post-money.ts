import { api } from '@/lib/request';
import { hideLoading, showLoading, showToast } from '@/lib/toast';
import { IDEMPOTENCY_HEADER } from '../lib/action-key';
import { apiErrorText } from '../lib/api-error-text';

/**
 * A money POST with its Idempotency-Key and a loading toast. The failure is toasted here, after the
 * loading toast is cleared: toasted by the wrapper, it would be cleared along with the loading toast.
 */
export async function postMoney<T>(
  url: string,
  body: unknown,
  idempotencyKey: string,
  loadingText: string,
): Promise<T> {
  showLoading(loadingText);
  let failure: unknown = null;
  try {
    return await api<T>({
      url,
      method: 'POST',
      data: body,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      showErrorToast: false,
    });
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    hideLoading();
    if (failure !== null) showToast(apiErrorText(failure));
  }
}
