import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '@/api/query-keys';
import { api } from '@/lib/api';
import { membersKeys } from './query-keys';

export type AdjustBody = CallBody<typeof CONSOLE_CALLS.adjust>;
export type AdjustAnswer = Partial<CallAnswer<typeof CONSOLE_CALLS.adjust>>;

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
    queryClient.invalidateQueries({ queryKey: membersKeys.adjustmentLimits }),
  ]);
}
