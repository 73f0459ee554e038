import type { Locale } from '@minecloud/contract/locales';
import { isIos, isStandalone } from '@/lib/platform';
import { currentPushSubscription, dropPushSubscription } from '@/lib/push-subscription';
import { postSubscription } from '../api/push';

/**
 * Where this browser stands with push: receiving (`on`), able to (`off`), refused in its settings
 * (`blocked`), unable (`unsupported`; on iOS, until the app is opened from the home screen:
 * `ios-home-screen`), or the server has push off (`unavailable`).
 */
export type PushState = 'on' | 'off' | 'blocked' | 'unsupported' | 'ios-home-screen' | 'unavailable';

/** How long turning on waits for the service worker (registered when the app is idle: pwa/register.ts). */
const WORKER_WAIT_MS = 15_000;

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The key as the push manager takes it (`applicationServerKey`). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const given = subscription.options?.applicationServerKey;
  if (!given) return true;
  const a = new Uint8Array(given);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

export async function pushState(publicKey: string | null): Promise<PushState> {
  if (!supported()) return isIos() && !isStandalone() ? 'ios-home-screen' : 'unsupported';
  if (publicKey === null) return 'unavailable';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  const subscription = await currentPushSubscription();
  return subscription && sameKey(subscription, publicKey) ? 'on' : 'off';
}

/**
 * Asks the browser's permission, subscribes with the server's key (again, if the subscription was
 * made for another key) and gives the server the subscription in `locale`.
 */
export async function turnPushOn(publicKey: string, locale: Locale): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS)),
  ]);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await postSubscription(subscription, locale);
  return 'on';
}

export async function turnPushOff(): Promise<PushState> {
  await dropPushSubscription();
  return 'off';
}

/** The server's copy of a subscription that is on, in the app's language now (it may have changed). */
export async function syncPushLanguage(locale: Locale): Promise<void> {
  const subscription = await currentPushSubscription();
  if (subscription) await postSubscription(subscription, locale);
}
