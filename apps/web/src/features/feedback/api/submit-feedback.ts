import { API } from '@minecloud/contract/api-paths';
import type { feedbackBodySchema } from '@minecloud/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { z } from 'zod';
import { api } from '@/lib/request';
import { feedbackKeys } from './query-keys';

export type FeedbackBody = z.input<typeof feedbackBodySchema>;

/** Sends a problem report with the URLs of its uploaded images, under the spec's 反馈中... */
export function submitFeedback(body: FeedbackBody): Promise<{ id: string }> {
  return api<{ id: string }>({
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
