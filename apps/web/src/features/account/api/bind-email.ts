import { API } from '@minecloud/contract/api-paths';
import { api } from '@/lib/request';
import { useUserMutation } from './use-user-mutation';

export type BindEmailBody = { email: string; code: string };

/** Binds `email` with the code mailed to it. Refusals come back to the form, not as toasts. */
export function bindEmail(body: BindEmailBody): Promise<null> {
  return api<null>({ url: API.bindEmail, method: 'POST', data: body, showErrorToast: false });
}

export function useBindEmail() {
  return useUserMutation(bindEmail);
}
