import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { USER_CALLS } from '@minecloud/contract/content';
import i18n from 'i18next';
import { api } from '@/lib/request';
import { useUserMutation } from './use-user-mutation';

export type BindEmailBody = CallBody<typeof USER_CALLS.bindEmail>;

/**
 * Binds `email` with the code mailed to it, under the "Please wait" progress text. Refusals
 * come back to the form, not as toasts.
 */
export function bindEmail(body: BindEmailBody): Promise<CallAnswer<typeof USER_CALLS.bindEmail>> {
  return api<CallAnswer<typeof USER_CALLS.bindEmail>>({
    url: API.bindEmail,
    method: 'POST',
    data: body,
    showErrorToast: false,
    loadingText: i18n.t('pleaseWait'),
  });
}

export function useBindEmail() {
  return useUserMutation(bindEmail);
}
