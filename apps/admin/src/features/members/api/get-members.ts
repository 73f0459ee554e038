import { ADMIN_API } from '@minecloud/contract/console';
import { sharedKeys } from '@/api/query-keys';
import type { PagedList } from '@/lib/api';

/** The members, filtered by the page's query; exported as CSV. */
export const membersList: PagedList = {
  queryKey: sharedKeys.members,
  path: ADMIN_API.members,
  csvPath: ADMIN_API.membersCsv,
};
