import type { CallAnswer, CallBody, CallParams, CallQuery } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

type Add = typeof CONSOLE_CALLS.noticeAdd;
type Edit = typeof CONSOLE_CALLS.notice;
type Publish = typeof CONSOLE_CALLS.noticePublish | typeof CONSOLE_CALLS.noticeUnpublish;
type Preview = typeof CONSOLE_CALLS.noticePreview;

export const noticesKey = ['notices'] as const;

/** What the list of notices answers, a page at a time, and its filter. */
export type NoticePage = CallAnswer<typeof CONSOLE_CALLS.noticeList>;
export type NoticeQuery = CallQuery<typeof CONSOLE_CALLS.noticeList>;
export type NoticeRow = NoticePage['list'][number];

/** `title`, `summary` and `contentHtml` are the Chinese base version; `translations` the others. */
export type NoticeInput = CallBody<Add>;

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: CallParams<Edit>['id']; input: NoticeInput }) =>
      id
        ? api.put<CallAnswer<Edit>>(adminPath(ADMIN_API.notice, { id }), input)
        : api.post<CallAnswer<Add>>(ADMIN_API.notices, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

export function useSetPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: CallParams<Publish>['id']; published: boolean }) =>
      api.post<CallAnswer<Publish>>(adminPath(published ? ADMIN_API.noticePublish : ADMIN_API.noticeUnpublish, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}

/** The HTML as members would see it: the server cleans it the same way as when saving. */
export function usePreview() {
  return useMutation({
    mutationFn: (contentHtml: CallBody<Preview>['contentHtml']) =>
      api.post<CallAnswer<Preview>>(ADMIN_API.noticePreview, { contentHtml } satisfies CallBody<Preview>),
  });
}
