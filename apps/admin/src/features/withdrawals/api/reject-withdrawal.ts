import type { CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Rejects with the reason the member will read. */
export async function rejectWithdrawal(id: string, reason: string): Promise<void> {
  await api.post(ADMIN_API.withdrawalReject, { id, reason } satisfies CallBody<typeof CONSOLE_CALLS.withdrawalReject>);
}
