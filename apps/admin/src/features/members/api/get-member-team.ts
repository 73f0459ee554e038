import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { membersKeys } from './query-keys';

/** One member's team. */
export const memberTeam = (id: string): PagedList => ({
  queryKey: membersKeys.tab(id, 'team'),
  path: adminPath(ADMIN_API.memberTeam, { id }),
});
