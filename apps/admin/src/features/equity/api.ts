import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const roundsKey = ['equity', 'rounds'] as const;

/** The console always sends what the call may leave out. */
export type OpenRoundBody = Required<CallBody<typeof CONSOLE_CALLS.equityOpen>>;

/** Opens a new equity round; the open one closes. */
export function useOpenRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenRoundBody) =>
      api.post<CallAnswer<typeof CONSOLE_CALLS.equityOpen>>(ADMIN_API.equityOpen, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });
}
