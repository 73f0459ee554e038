import type { CallAnswer, CallBody, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noticesKeys } from './query-keys';

type Add = typeof CONSOLE_CALLS.noticeAdd;
type Edit = typeof CONSOLE_CALLS.notice;

/** `title`, `summary` and `contentHtml` are the Chinese base version; `translations` the others. */
export type NoticeInput = CallBody<Add>;

/** Creates a notice without `id`, else replaces notice `id`. */
export function saveNotice({
  id,
  input,
}: {
  id?: CallParams<Edit>['id'];
  input: NoticeInput;
}): Promise<CallAnswer<Edit> | CallAnswer<Add>> {
  return id
    ? api.put<CallAnswer<Edit>>(adminPath(ADMIN_API.notice, { id }), input)
    : api.post<CallAnswer<Add>>(ADMIN_API.notices, input);
}

export function useSaveNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKeys.list }),
  });
}
