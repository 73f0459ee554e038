import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { equityKeys } from './query-keys';

/** The console always sends what the call may leave out. */
export type OpenRoundBody = Required<CallBody<typeof CONSOLE_CALLS.equityOpen>>;

/** Opens a new equity round; the open one closes. */
export function openRound(body: OpenRoundBody): Promise<CallAnswer<typeof CONSOLE_CALLS.equityOpen>> {
  return api.post<CallAnswer<typeof CONSOLE_CALLS.equityOpen>>(ADMIN_API.equityOpen, body);
}

export function useOpenRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openRound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equityKeys.rounds }),
  });
}
