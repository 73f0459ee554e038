import { ADMIN_API } from '@minecloud/contract/console';
import { sharedKeys } from '@/api/query-keys';
import type { PagedList } from '@/lib/api';

/** The balance adjustments, pending ones with them. */
export const adjustments: PagedList = { queryKey: sharedKeys.adjustments, path: ADMIN_API.adjustments };
