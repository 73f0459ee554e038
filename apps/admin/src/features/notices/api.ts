import { ADMIN_API, adminPath } from '@minecloud/contract/console';
import type { AdminNotice, NoticeTranslations, NoticeType } from '@minecloud/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const noticesKey = ['notices'] as const;

/** `title`, `summary` and `contentHtml` are the Chinese base version; `translations` the others. */
export type NoticeInput = {
  type: NoticeType;
  title: string;
  summary: string;
  contentHtml: string;
  popup: boolean;
  translations: NoticeTranslations;
};

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: NoticeInput }) =>
      id
        ? api.put<AdminNotice>(adminPath(ADMIN_API.notice, { id }), input)
        : api.post<AdminNotice>(ADMIN_API.notices, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useSetPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) =>
      api.post<AdminNotice>(adminPath(published ? ADMIN_API.noticePublish : ADMIN_API.noticeUnpublish, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

/** The HTML as members would see it: the server cleans it the same way as when saving. */
export function usePreview() {
  return useMutation({
    mutationFn: (contentHtml: string) => api.post<{ contentHtml: string }>(ADMIN_API.noticePreview, { contentHtml }),
  });
}
