import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { USER_CALLS } from '@minecloud/contract/content';
import i18n from 'i18next';
import { api } from '@/lib/request';
import { useUserMutation } from './use-user-mutation';

export type BindWalletBody = CallBody<typeof USER_CALLS.bindWallet>;

/** Sets the withdrawal address, confirmed by the code mailed to the bound email. */
export function bindWallet(body: BindWalletBody): Promise<CallAnswer<typeof USER_CALLS.bindWallet>> {
  return api<CallAnswer<typeof USER_CALLS.bindWallet>>({
    url: API.bindWallet,
    method: 'POST',
    data: body,
    showErrorToast: false,
    loadingText: i18n.t('pleaseWait'),
  });
}

export function useBindWallet() {
  return useUserMutation(bindWallet);
}
