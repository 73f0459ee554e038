import { ERROR_CODES } from '@minecloud/contract/error-codes';
import { isApiError } from '@/lib/request';

/** Where a refusal of saving an address is shown: under its field, or above the button. */
export type SaveAddressField = 'label' | 'address' | 'code' | 'form';

const FIELD_OF: ReadonlyMap<number, SaveAddressField> = new Map([
  [ERROR_CODES.addressLabelRequired, 'label'],
  [ERROR_CODES.invalidAddress, 'address'],
  [ERROR_CODES.platformAddress, 'address'],
  [ERROR_CODES.addressAlreadySaved, 'address'],
  [ERROR_CODES.enterEmailCode, 'code'],
  [ERROR_CODES.emailCodeWrong, 'code'],
  [ERROR_CODES.emailCodeUsed, 'code'],
  [ERROR_CODES.emailCodeExpired, 'code'],
  [ERROR_CODES.emailCodeTooManyAttempts, 'code'],
]);

export function saveAddressRefusalField(error: unknown): SaveAddressField {
  return (isApiError(error) && FIELD_OF.get(error.code)) || 'form';
}
