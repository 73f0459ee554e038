import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { jobsKeys } from './query-keys';

export type RunAnswer = CallAnswer<typeof CONSOLE_CALLS.jobRun>;

export function runJob(body: CallBody<typeof CONSOLE_CALLS.jobRun>): Promise<RunAnswer> {
  return api.post<RunAnswer>(ADMIN_API.jobRun, body);
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsKeys.list }),
        queryClient.invalidateQueries({ queryKey: jobsKeys.runs }),
      ]);
    },
  });
}
