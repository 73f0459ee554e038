import { ERROR_CODES } from '@minecloud/contract/error-codes';
import { useCallback, useState } from 'react';
import { apiErrorText } from '@/lib/api-error-text';
import { isApiError } from '@/lib/request';
import { showToast } from '@/lib/toast';

export type BindingField = 'email' | 'address' | 'code';

const FIELD_OF: ReadonlyMap<number, BindingField> = new Map([
  [ERROR_CODES.emailCodeWrong, 'code'],
  [ERROR_CODES.emailCodeUsed, 'code'],
  [ERROR_CODES.emailCodeExpired, 'code'],
  [ERROR_CODES.emailCodeTooManyAttempts, 'code'],
  [ERROR_CODES.enterEmail, 'email'],
  [ERROR_CODES.emailTaken, 'email'],
  [ERROR_CODES.invalidAddress, 'address'],
]);

/**
 * The server's refusals of a binding, shown under the field they are about (a wrong code under
 * the code); anything else is toasted.
 */
export function useRefusals() {
  const [refused, setRefused] = useState<Partial<Record<BindingField, string>>>({});
  const clear = useCallback(() => setRefused({}), []);
  const show = useCallback((error: unknown) => {
    const field = isApiError(error) ? FIELD_OF.get(error.code) : undefined;
    if (field && isApiError(error)) setRefused({ [field]: error.msg });
    else showToast(apiErrorText(error));
  }, []);
  /** A field's change handler that also forgets the refusals: they were about the old value. */
  const edit = useCallback(
    (set: (value: string) => void) => (value: string) => {
      set(value);
      setRefused({});
    },
    [],
  );
  return { refused, clear, show, edit };
}
