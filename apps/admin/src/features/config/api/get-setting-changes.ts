import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { configKeys } from './query-keys';

/** The log of setting changes, newest first. */
export const settingChanges: PagedList = { queryKey: configKeys.changes, path: ADMIN_API.configChanges };
