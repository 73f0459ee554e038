import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

type Preview = typeof CONSOLE_CALLS.noticePreview;

/** The HTML as members would see it: the server cleans it the same way as when saving. */
export function previewNotice(contentHtml: CallBody<Preview>['contentHtml']): Promise<CallAnswer<Preview>> {
  return api.post<CallAnswer<Preview>>(ADMIN_API.noticePreview, { contentHtml } satisfies CallBody<Preview>);
}

export function usePreview() {
  return useMutation({ mutationFn: previewNotice });
}
