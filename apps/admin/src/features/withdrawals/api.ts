import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { type adminWithdrawalSchema, PAYOUT_REPLACED_PATH } from '@minecloud/contract/wallet';
import type { z } from 'zod';
import { api } from '@/lib/api';

/** A withdrawal in the review queue, with the member's context and its risks. */
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
/** A page of the queue, and whether this server pays approved withdrawals. */
export type AdminWithdrawalPage = CallAnswer<typeof CONSOLE_CALLS.withdrawals>;

export const withdrawalsKey = ['withdrawals'] as const;

/** Approves once, or a second time when the amount needs two operators. */
export async function approveWithdrawal(id: string): Promise<void> {
  await api.post(ADMIN_API.withdrawalApprove, { id } satisfies CallBody<typeof CONSOLE_CALLS.withdrawalApprove>);
}

/** Rejects with the reason the member will read. */
export async function rejectWithdrawal(id: string, reason: string): Promise<void> {
  await api.post(ADMIN_API.withdrawalReject, { id, reason } satisfies CallBody<typeof CONSOLE_CALLS.withdrawalReject>);
}

/** Pays an unclear payout again, naming the transaction that took its nonce (the server checks it on chain). */
export async function payAgain(id: string, replacedBy: string): Promise<void> {
  await api.post(PAYOUT_REPLACED_PATH, { id, replacedBy } satisfies CallBody<typeof CONSOLE_CALLS.payoutReplaced>);
}
