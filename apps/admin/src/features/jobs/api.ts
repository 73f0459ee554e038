import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS, type jobInfoSchema, type jobRunRowSchema } from '@minecloud/contract/console';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type JobInfo = ReturnType<typeof jobInfoSchema.parse>;
export type JobRun = ReturnType<typeof jobRunRowSchema.parse>;
export type RunAnswer = CallAnswer<typeof CONSOLE_CALLS.jobRun>;

export const jobsKey = ['jobs', 'list'] as const;
export const runsKey = ['jobs', 'runs'] as const;

export function useJobs() {
  return useQuery({ queryKey: jobsKey, queryFn: () => api.get<CallAnswer<typeof CONSOLE_CALLS.jobs>>(ADMIN_API.jobs) });
}

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof CONSOLE_CALLS.jobRun>) => api.post<RunAnswer>(ADMIN_API.jobRun, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsKey }),
        queryClient.invalidateQueries({ queryKey: runsKey }),
      ]);
    },
  });
}
