import type { openRoundBodySchema } from '@minecloud/contract/admin';
import { ADMIN_API } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';

export const roundsKey = ['equity', 'rounds'] as const;

/** The console always sends what the call may leave out. */
export type OpenRoundBody = Required<z.input<typeof openRoundBodySchema>>;

/** Opens a new equity round; the open one closes. */
export function useOpenRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenRoundBody) => api.post<{ roundId: string }>(ADMIN_API.equityOpen, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });
}
