import { API } from '@minecloud/contract/api-paths';
import type { bindEmailBodySchema } from '@minecloud/contract/content';
import i18n from 'i18next';
import type { z } from 'zod';
import { api } from '@/lib/request';
import { useUserMutation } from './use-user-mutation';

export type BindEmailBody = z.input<typeof bindEmailBodySchema>;

/**
 * Binds `email` with the code mailed to it, under the "Please wait" progress text. Refusals
 * come back to the form, not as toasts.
 */
export function bindEmail(body: BindEmailBody): Promise<null> {
  return api<null>({
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
