import { API } from '@minecloud/contract/api-paths';
import type { CallBody } from '@minecloud/contract/calls';
import type { AddressBook, SavedAddress, WALLET_CALLS } from '@minecloud/contract/wallet';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { api } from '@/lib/request';
import { walletKeys } from './query-keys';

export type SaveAddressBody = CallBody<typeof WALLET_CALLS.addressAdd>;

/** The member's saved withdrawal addresses, newest first, and the wait for new ones. */
export function getAddressBook(signal?: AbortSignal): Promise<AddressBook> {
  // The pages that use it say so in place (the withdraw form still works without it).
  return api<AddressBook>({ url: API.addressBook, signal, showErrorToast: false });
}

export function addressBookQueryOptions() {
  return queryOptions({ queryKey: walletKeys.addressBook(), queryFn: ({ signal }) => getAddressBook(signal) });
}

export function useAddressBook() {
  return useQuery(addressBookQueryOptions());
}

/** Saves a labelled address, confirmed by the code mailed to the bound email; refusals come back to the form. */
export function saveAddress(body: SaveAddressBody): Promise<SavedAddress> {
  return api<SavedAddress>({
    url: API.addressAdd,
    method: 'POST',
    data: body,
    showErrorToast: false,
    loadingText: i18n.t('pleaseWait'),
  });
}

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.addressBook() }),
  });
}

export function removeAddress(id: string): Promise<null> {
  return api<null>({ url: API.addressRemove, method: 'POST', data: { id }, loadingText: i18n.t('pleaseWait') });
}

export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.addressBook() }),
  });
}
