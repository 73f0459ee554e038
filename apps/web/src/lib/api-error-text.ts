import i18n from 'i18next';
import { ERROR_CODE_TIMEOUT, isApiError } from './request';

/** The text to show for a failed call whose toast was turned off. */
export function apiErrorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('requestError');
  if (error.code === ERROR_CODE_TIMEOUT) return i18n.t('networkError');
  return error.msg || i18n.t('requestError');
}
