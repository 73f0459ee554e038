import { API } from '@minecloud/contract/api-paths';
import type { bindWalletBodySchema } from '@minecloud/contract/content';
import i18n from 'i18next';
import type { z } from 'zod';
import { api } from '@/lib/request';
import { useUserMutation } from './use-user-mutation';

export type BindWalletBody = z.input<typeof bindWalletBodySchema>;

/** Sets the withdrawal address, confirmed by the code mailed to the bound email. */
export function bindWallet(body: BindWalletBody): Promise<null> {
  return api<null>({
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
