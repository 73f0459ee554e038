import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { membersKeys } from './query-keys';

/** One member's miners. */
export const memberMiners = (id: string): PagedList => ({
  queryKey: membersKeys.tab(id, 'miners'),
  path: adminPath(ADMIN_API.memberMiners, { id }),
});
