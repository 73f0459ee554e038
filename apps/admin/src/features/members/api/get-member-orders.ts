import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { membersKeys } from './query-keys';

/** One member's orders. */
export const memberOrders = (id: string): PagedList => ({
  queryKey: membersKeys.tab(id, 'orders'),
  path: adminPath(ADMIN_API.memberOrders, { id }),
});
