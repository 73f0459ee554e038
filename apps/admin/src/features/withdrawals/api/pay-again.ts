import type { CallBody } from '@minecloud/contract/calls';
import type { CONSOLE_CALLS } from '@minecloud/contract/console';
import { PAYOUT_REPLACED_PATH } from '@minecloud/contract/wallet';
import { api } from '@/lib/api';

/** Pays an unclear payout again, naming the transaction that took its nonce (the server checks it on chain). */
export async function payAgain(id: string, replacedBy: string): Promise<void> {
  await api.post(PAYOUT_REPLACED_PATH, { id, replacedBy } satisfies CallBody<typeof CONSOLE_CALLS.payoutReplaced>);
}
