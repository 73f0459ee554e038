import type { CallAnswer, CallParams } from '@minecloud/contract/calls';
import { ADMIN_API, adminPath, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { noticesKeys } from './query-keys';

type Publish = typeof CONSOLE_CALLS.noticePublish | typeof CONSOLE_CALLS.noticeUnpublish;

export function setPublished({
  id,
  published,
}: {
  id: CallParams<Publish>['id'];
  published: boolean;
}): Promise<CallAnswer<Publish>> {
  return api.post<CallAnswer<Publish>>(
    adminPath(published ? ADMIN_API.noticePublish : ADMIN_API.noticeUnpublish, { id }),
  );
}

export function useSetPublished() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPublished,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKeys.list }),
  });
}
