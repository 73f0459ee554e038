import type { CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import type { QueryClient } from '@tanstack/react-query';
import { sharedKeys } from '@/api/query-keys';
import { api } from '@/lib/api';

/** Applies a pending credit (an operator other than the one who asked for it). */
export async function approveAdjustment(id: CallParams<typeof CONSOLE_CALLS.adjustmentApprove>['id']): Promise<void> {
  await api.post(adminPath(ADMIN_API.adjustmentApprove, { id }), {});
}

/** After a decision (approved or rejected): the queue, and the members whose balances it may have changed. */
export function refreshAfterDecision(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.adjustments }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.member() }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.members }),
  ]);
}
