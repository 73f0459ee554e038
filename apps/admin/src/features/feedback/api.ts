import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

type Reply = typeof CONSOLE_CALLS.feedbackReply;
export type FeedbackRow = CallAnswer<Reply>;
export const feedbackKey = ['feedback'] as const;

/** Answers a member's feedback, or replaces the answer already given. */
export function useReplyFeedback(id: CallParams<Reply>['id']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: CallBody<Reply>['reply']) =>
      api.post<FeedbackRow>(adminPath(ADMIN_API.feedbackReply, { id }), { reply } satisfies CallBody<Reply>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKey }),
  });
}
