import { API } from '@minecloud/contract/api-paths';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/request';

/** Revokes the token on the server. */
export function logout(): Promise<null> {
  return api<null>({ url: API.logout, method: 'POST', showErrorToast: false });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
