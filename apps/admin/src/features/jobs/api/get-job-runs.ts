import { ADMIN_API } from '@minecloud/contract/console';
import type { PagedList } from '@/lib/api';
import { jobsKeys } from './query-keys';

/** The jobs' runs, newest first. */
export const jobRuns: PagedList = { queryKey: jobsKeys.runs, path: ADMIN_API.jobRuns };
