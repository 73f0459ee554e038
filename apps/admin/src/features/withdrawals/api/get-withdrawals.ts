import type { CallAnswer } from '@minecloud/contract/calls';
import type { CONSOLE_CALLS } from '@minecloud/contract/console';
import { ADMIN_API } from '@minecloud/contract/console';
import type { adminWithdrawalSchema } from '@minecloud/contract/wallet';
import type { z } from 'zod';
import type { PagedList } from '@/lib/api';
import { withdrawalsKeys } from './query-keys';

// The review queue is a paged list: components/paged-table asks it, under withdrawalsKeys.list.

/** A withdrawal in the review queue, with the member's context and its risks. */
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
/** A page of the queue, and whether this server pays approved withdrawals. */
export type AdminWithdrawalPage = CallAnswer<typeof CONSOLE_CALLS.withdrawals>;

/** The review queue, filtered by the page's query; exported as CSV. */
export const withdrawalsList: PagedList = {
  queryKey: withdrawalsKeys.list,
  path: ADMIN_API.withdrawals,
  csvPath: ADMIN_API.withdrawalsCsv,
};
