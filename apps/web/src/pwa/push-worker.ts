import type { PushMessage } from '@minecloud/contract/push';

/**
 * What the service worker does with Web Push (built into dist/push-sw.js, which the Workbox worker
 * imports: vite.config.ts): a push shows the notification the server wrote (its texts in the
 * member's language, modules/push/texts.ts), and a tap on it opens the page it names, in the app's
 * window if one is open. Typed on what it uses of the worker's scope, so that tests can drive it.
 */

type WindowClientLike = {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
};
type ExtendableEvent = { waitUntil(work: Promise<unknown>): void };
export type PushEventLike = ExtendableEvent & { data: { json(): unknown } | null };
export type NotificationClickLike = ExtendableEvent & { notification: { close(): void; data?: unknown } };
export type PushWorkerScope = {
  location: { origin: string };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
};

const ICON = '/icons/icon-192.png';

/** The push's message; a push that is not one of ours still shows something (browsers require it). */
function messageOf(event: PushEventLike): PushMessage {
  try {
    const data = event.data?.json() as Partial<PushMessage> | undefined;
    if (data && typeof data.title === 'string') {
      return { title: data.title, body: data.body ?? '', url: data.url ?? '/', tag: data.tag ?? '' };
    }
  } catch {
    // Not JSON: the fallback below.
  }
  return { title: 'MineCloud', body: '', url: '/', tag: '' };
}

/** A page of this app only: a push never sends the member to another origin. */
function appUrl(scope: PushWorkerScope, url: unknown): string {
  const origin = scope.location.origin;
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

export function installPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const message = messageOf(event);
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        icon: ICON,
        badge: ICON,
        ...(message.tag ? { tag: message.tag } : {}),
        data: { url: message.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = appUrl(scope, (event.notification.data as { url?: unknown } | undefined)?.url);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === scope.location.origin);
        if (!open) return scope.clients.openWindow(url);
        await open.focus();
        return open.navigate(url);
      })(),
    );
  });
}
