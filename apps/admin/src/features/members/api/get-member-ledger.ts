import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { membersKeys } from './query-keys';

/** One member's ledger entries; exported as CSV. */
export const memberLedger = (id: string): PagedList => ({
  queryKey: membersKeys.tab(id, 'ledger'),
  path: adminPath(ADMIN_API.memberLedger, { id }),
  csvPath: adminPath(ADMIN_API.memberLedgerCsv, { id }),
});
