import type { CallAnswer } from '@minecloud/contract/calls';
import type { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { adminWithdrawalSchema } from '@minecloud/contract/wallet';
import type { z } from 'zod';

// The review queue is a paged list: components/paged-table asks it, under withdrawalsKeys.list.

/** A withdrawal in the review queue, with the member's context and its risks. */
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
/** A page of the queue, and whether this server pays approved withdrawals. */
export type AdminWithdrawalPage = CallAnswer<typeof CONSOLE_CALLS.withdrawals>;
