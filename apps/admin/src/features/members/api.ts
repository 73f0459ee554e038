import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { sharedKeys } from '@/api/query-keys';
import { api } from '@/lib/api';

export type AdjustBody = CallBody<typeof CONSOLE_CALLS.adjust>;
export type AdjustAnswer = Partial<CallAnswer<typeof CONSOLE_CALLS.adjust>>;

const limitsKey = ['adjustment-limits'] as const;

/** One member: identity, balances, department; the tabs load the rest page by page. */
export function useMember(id: CallParams<typeof CONSOLE_CALLS.member>['id']) {
  return useQuery({
    queryKey: [...sharedKeys.member(id), 'detail'],
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.member>>(adminPath(ADMIN_API.member, { id })),
  });
}

/** What this operator may still credit alone today, per asset (only while `enabled`). */
export function useAdjustmentLimits(enabled: boolean) {
  return useQuery({
    queryKey: limitsKey,
    queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.adjustmentLimits>>(ADMIN_API.adjustmentLimits),
    enabled,
    retry: false,
  });
}

/** Credits or debits one asset; a large credit waits for a second operator (`status: 'pending'`). */
export function adjustBalance(body: AdjustBody, idempotencyKey: string): Promise<AdjustAnswer | null> {
  return api.post<AdjustAnswer | null>(ADMIN_API.adjust, body, { idempotencyKey });
}

/** After an adjustment: the member, the member list, the queue of adjustments and today's limits. */
export function refreshAfterAdjust(queryClient: QueryClient, memberId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.member(memberId) }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.members }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.adjustments }),
    queryClient.invalidateQueries({ queryKey: limitsKey }),
  ]);
}
