import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { Locale } from '@minecloud/contract/locales';
import type { PUSH_CALLS } from '@minecloud/contract/push';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';

/** The server's Web Push public key; null when push is off there. It changes only with a deploy. */
export function usePushKey() {
  return useQuery(
    queryOptions({
      queryKey: ['push', 'key'],
      queryFn: ({ signal }) =>
        api<CallAnswer<typeof PUSH_CALLS.pushKey>>({ url: API.pushKey, showErrorToast: false, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

/** This browser's subscription, for the member, with the language its pushes are written in. */
export function postSubscription(
  subscription: PushSubscription,
  locale: Locale,
): Promise<CallAnswer<typeof PUSH_CALLS.pushSubscribe>> {
  const { endpoint, keys } = subscription.toJSON();
  return api<CallAnswer<typeof PUSH_CALLS.pushSubscribe>>({
    url: API.pushSubscribe,
    method: 'POST',
    data: { endpoint, keys, locale },
    showErrorToast: false,
  });
}
