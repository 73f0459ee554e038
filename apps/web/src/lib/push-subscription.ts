import { API } from '@minecloud/contract/api-paths';
import { api } from './request';

/** This browser's Web Push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/**
 * No more pushes to this browser: the server is told first (it stops sending), then the browser's
 * subscription goes. Turning push off, and signing out: a shared device must not go on showing
 * the previous member's withdrawals.
 */
export async function dropPushSubscription(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api<null>({
    url: API.pushUnsubscribe,
    method: 'POST',
    data: { endpoint: subscription.endpoint },
    showErrorToast: false,
  });
  await subscription.unsubscribe();
}
