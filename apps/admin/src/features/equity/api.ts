import { ADMIN_API } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const roundsKey = ['equity', 'rounds'] as const;

export type OpenRoundBody = {
  totalShares: number;
  pricePerShare: string;
  annualYieldPct: string;
  minQuantity: number;
  termDays: number;
};

/** Opens a new equity round; the open one closes. */
export function useOpenRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenRoundBody) => api.post<{ roundId: string }>(ADMIN_API.equityOpen, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roundsKey }),
  });
}
