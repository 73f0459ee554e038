import { API } from '@minecloud/contract/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';
import { type UserInfo, useIsLoggedIn, useSession } from '@/lib/session';

/** Fetches the member and merges the answer into the session's userInfo (spec point 7). */
export async function getUser(signal?: AbortSignal): Promise<UserInfo> {
  const user = await api<UserInfo>({ url: API.userGet, signal });
  useSession.getState().mergeUserInfo(user);
  return user;
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: ['user'],
    queryFn: ({ signal }) => getUser(signal),
  });
}

export function useUser() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...getUserQueryOptions(), enabled: isLoggedIn });
}
