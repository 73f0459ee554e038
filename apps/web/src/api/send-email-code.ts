import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { USER_CALLS } from '@minecloud/contract/content';
import { ERROR_CODES } from '@minecloud/contract/error-codes';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/lib/request';
import { showToast } from '@/lib/toast';

/**
 * Mails a 6-digit code: to `email` when binding one, to the member's bound email when none is
 * given (to confirm a wallet). `{}` rather than no body: the server reads an object either way.
 */
export function sendEmailCode(email?: string): Promise<CallAnswer<typeof USER_CALLS.sendEmailCode>> {
  const body: CallBody<typeof USER_CALLS.sendEmailCode> = email ? { email } : {};
  return api<CallAnswer<typeof USER_CALLS.sendEmailCode>>({ url: API.sendEmailCode, method: 'POST', data: body });
}

/**
 * Sends a code to `to` (the new email, or with `bound` the member's bound one) and says where it
 * went. Resolves whether the send button should wait its minute: after a send, and also when the
 * server refused one as too soon after the last (a code is on its way already; the wrapper has
 * shown the server's message).
 */
export function useSendEmailCode(): (to: string, bound: boolean) => Promise<boolean> {
  const { t } = useTranslation();
  const mutation = useMutation({ mutationFn: sendEmailCode });
  return async (to, bound) => {
    try {
      await mutation.mutateAsync(bound ? undefined : to);
      showToast(t('emailCodeSent', { email: to }));
      return true;
    } catch (error) {
      return isApiError(error) && error.code === ERROR_CODES.rateLimited;
    }
  };
}
