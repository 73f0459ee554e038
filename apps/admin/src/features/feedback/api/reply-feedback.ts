import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { feedbackKeys } from './query-keys';

type Reply = typeof CONSOLE_CALLS.feedbackReply;
export type FeedbackRow = CallAnswer<Reply>;

/** Answers a member's feedback, or replaces the answer already given. */
export function replyFeedback(id: CallParams<Reply>['id'], reply: CallBody<Reply>['reply']): Promise<FeedbackRow> {
  return api.post<FeedbackRow>(adminPath(ADMIN_API.feedbackReply, { id }), { reply } satisfies CallBody<Reply>);
}

export function useReplyFeedback(id: CallParams<Reply>['id']) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: CallBody<Reply>['reply']) => replyFeedback(id, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.list }),
  });
}
