import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { mailKeys } from './query-keys';

/** The mail outbox, newest first. */
export const outbox: PagedList = { queryKey: mailKeys.outbox, path: ADMIN_API.outbox };
