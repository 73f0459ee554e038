import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from './query-keys';

type Id = CallParams<typeof CONSOLE_CALLS.member>['id'];

export function getMember(id: Id): Promise<CallAnswer<typeof CONSOLE_CALLS.member>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.member>>(adminPath(ADMIN_API.member, { id }));
}

/** One member: identity, balances, department; the tabs load the rest page by page. */
export function useMember(id: Id) {
  return useQuery({ queryKey: membersKeys.detail(id), queryFn: () => getMember(id) });
}
