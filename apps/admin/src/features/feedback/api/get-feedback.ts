import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { feedbackKeys } from './query-keys';

/** Members' feedback, filtered by the page's query. */
export const feedbackList: PagedList = { queryKey: feedbackKeys.list, path: ADMIN_API.feedback };
