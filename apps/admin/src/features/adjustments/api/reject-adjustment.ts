import type { CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Rejects a pending credit with a reason for the audit log; nothing moves. */
export async function rejectAdjustment(
  id: CallParams<typeof CONSOLE_CALLS.adjustmentReject>['id'],
  reason: CallBody<typeof CONSOLE_CALLS.adjustmentReject>['reason'],
): Promise<void> {
  await api.post(adminPath(ADMIN_API.adjustmentReject, { id }), { reason });
}
