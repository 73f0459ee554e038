import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { auditKeys } from './query-keys';

/** The audit log, newest first, filtered by the page's query; exported as CSV. */
export const auditLog: PagedList = { queryKey: auditKeys.page, path: ADMIN_API.audit, csvPath: ADMIN_API.auditCsv };
