import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { membersKeys } from './query-keys';

/** One member's feedback. */
export const memberFeedback = (id: string): PagedList => ({
  queryKey: membersKeys.tab(id, 'feedback'),
  path: adminPath(ADMIN_API.memberFeedback, { id }),
});
