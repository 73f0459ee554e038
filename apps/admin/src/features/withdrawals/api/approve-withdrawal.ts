import type { CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

/** Approves once, or a second time when the amount needs two operators. */
export async function approveWithdrawal(id: string): Promise<void> {
  await api.post(ADMIN_API.withdrawalApprove, { id } satisfies CallBody<typeof CONSOLE_CALLS.withdrawalApprove>);
}
