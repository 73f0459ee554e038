import { API } from '@minecloud/contract/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { type UserInfo, useIsLoggedIn, useSession } from '@/lib/session';

/** Fetches the member and merges the answer into the session's userInfo. */
export async function getUser(signal?: AbortSignal, quiet = false): Promise<UserInfo> {
  const user = await api<UserInfo>({ url: API.userGet, signal, showErrorToast: !quiet });
  useSession.getState().mergeUserInfo(user);
  return user;
}

/** `quiet`: a failure shows no toast (the first page's data asked for before its render). */
export function getUserQueryOptions(quiet = false) {
  return queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getUser(signal, quiet),
  });
}

export function useUser() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...getUserQueryOptions(), enabled: isLoggedIn });
}
