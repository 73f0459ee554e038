import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS, type jobInfoSchema, type jobRunRowSchema } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobsKeys } from './query-keys';

export type JobInfo = ReturnType<typeof jobInfoSchema.parse>;
/** A row of the runs' paged list. */
export type JobRun = ReturnType<typeof jobRunRowSchema.parse>;

export function getJobs(): Promise<CallAnswer<typeof CONSOLE_CALLS.jobs>> {
  return api.get<CallAnswer<typeof CONSOLE_CALLS.jobs>>(ADMIN_API.jobs);
}

export function useJobs() {
  return useQuery({ queryKey: jobsKeys.list, queryFn: getJobs });
}
