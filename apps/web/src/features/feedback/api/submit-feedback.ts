import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import type { FEEDBACK_CALLS } from '@minecloud/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { api } from '@/lib/request';
import { feedbackKeys } from './query-keys';

export type FeedbackBody = CallBody<typeof FEEDBACK_CALLS.feedbackSubmit>;
export type FeedbackAnswer = CallAnswer<typeof FEEDBACK_CALLS.feedbackSubmit>;

/** Sends a problem report with the URLs of its uploaded images, under the spec's 反馈中... */
export function submitFeedback(body: FeedbackBody): Promise<FeedbackAnswer> {
  return api<FeedbackAnswer>({
    url: API.feedbackSubmit,
    method: 'POST',
    data: body,
    loadingText: i18n.t('feedbackSubmitting'),
  });
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
