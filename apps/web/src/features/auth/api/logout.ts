import { API } from '@minecloud/contract/api-paths';
import type { AUTH_CALLS } from '@minecloud/contract/auth';
import type { CallAnswer } from '@minecloud/contract/calls';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/request';

/** Revokes the token on the server. */
export function logout(): Promise<CallAnswer<typeof AUTH_CALLS.logout>> {
  return api<CallAnswer<typeof AUTH_CALLS.logout>>({ url: API.logout, method: 'POST', showErrorToast: false });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
