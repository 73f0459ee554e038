import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { adminFeedbackRowSchema } from '@minecloud/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type FeedbackRow = ReturnType<typeof adminFeedbackRowSchema.parse>;
export const feedbackKey = ['feedback'] as const;

/** Answers a member's feedback, or replaces the answer already given. */
export function useReplyFeedback(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) => api.post<FeedbackRow>(adminPath(ADMIN_API.feedbackReply, { id }), { reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKey }),
  });
}
