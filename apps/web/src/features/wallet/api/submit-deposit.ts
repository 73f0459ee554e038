import { API } from '@minecloud/contract/api-paths';
import type { Deposit } from '@minecloud/contract/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { invalidateMoneyQueries } from '@/api/invalidate-money';
import { withActionKey } from '@/lib/action-key';
import { postMoney } from '@/lib/post-money';

/**
 * Hands the server the hash of a transfer to the deposit address; it answers the deposit as it
 * stands (confirming, credited, or rejected with its reason). A refusal is shown in place.
 */
export function submitDeposit(txHash: string, idempotencyKey: string): Promise<Deposit> {
  return postMoney<Deposit>(API.depositSubmit, { txHash }, idempotencyKey, i18n.t('depositing'), false);
}

export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (txHash: string) => withActionKey(API.depositSubmit, { txHash }, (key) => submitDeposit(txHash, key)),
    onSuccess: () => invalidateMoneyQueries(queryClient),
  });
}
