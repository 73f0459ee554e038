import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from './query-keys';

export function getAdjustmentLimits(): Promise<CallAnswer<typeof CONSOLE_CALLS.adjustmentLimits>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.adjustmentLimits>>(ADMIN_API.adjustmentLimits);
}

/** What this operator may still credit alone today, per asset (only while `enabled`). */
export function useAdjustmentLimits(enabled: boolean) {
  return useQuery({
    queryKey: membersKeys.adjustmentLimits,
    queryFn: getAdjustmentLimits,
    enabled,
    retry: false,
  });
}
