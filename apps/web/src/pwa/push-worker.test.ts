import { describe, expect, it, vi } from 'vitest';
import {
  installPushHandlers,
  type NotificationClickLike,
  type PushEventLike,
  type PushWorkerScope,
} from './push-worker';

/** A service worker's scope with its windows: the handlers it got, and what they did. */
function workerScope(windows: { url: string }[] = []) {
  const handlers = new Map<string, (event: never) => void>();
  const clients = windows.map((w) => ({ url: w.url, focus: vi.fn(async () => {}), navigate: vi.fn(async () => {}) }));
  const scope = {
    location: { origin: 'https://app.example.com' },
    registration: { showNotification: vi.fn(async () => {}) },
    clients: { matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => null) },
    addEventListener: (type: string, listener: (event: never) => void) => handlers.set(type, listener),
  };
  installPushHandlers(scope as unknown as PushWorkerScope);
  const run = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    handlers.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) } as never);
    await work;
  };
  return {
    scope,
    clients,
    push: (data: unknown) =>
      run('push', { data: data === null ? null : { json: () => data } } satisfies Omit<PushEventLike, 'waitUntil'>),
    click: (url: unknown) => {
      const notification = { close: vi.fn(), data: { url } };
      return run('notificationclick', { notification } satisfies Omit<NotificationClickLike, 'waitUntil'>).then(
        () => notification,
      );
    },
  };
}

describe('the push handlers of the service worker', () => {
  it('shows the pushed notification with its texts, and keeps the page to open', async () => {
    const worker = workerScope();
    const url = '/#/pages/my_child/withdrawrecord/withdrawrecord?asset=USDT';
    await worker.push({ title: '提现已审核通过', body: '您提现的 20 USDT 已审核通过', url, tag: 'notification-7' });
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith('提现已审核通过', {
      body: '您提现的 20 USDT 已审核通过',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'notification-7',
      data: { url },
    });
  });

  it('still shows something for a push that is not one of ours', async () => {
    const worker = workerScope();
    await worker.push(null);
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith(
      'MineCloud',
      expect.objectContaining({ body: '' }),
    );
  });

  it("opens the notification's page in the app's open window, else in a new one", async () => {
    const open = workerScope([{ url: 'https://app.example.com/#/' }]);
    const notification = await open.click('/#/pages/my_child/feedorder/feedorder');
    expect(notification.close).toHaveBeenCalled();
    expect(open.clients[0]?.focus).toHaveBeenCalled();
    expect(open.clients[0]?.navigate).toHaveBeenCalledWith(
      'https://app.example.com/#/pages/my_child/feedorder/feedorder',
    );
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled();

    const none = workerScope([{ url: 'https://other.example.org/' }]);
    await none.click('/#/pages/my_child/withdrawrecord/withdrawrecord?asset=BTC');
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith(
      'https://app.example.com/#/pages/my_child/withdrawrecord/withdrawrecord?asset=BTC',
    );
  });

  it('never opens another origin', async () => {
    const worker = workerScope();
    await worker.click('https://evil.example.net/phish');
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith('https://app.example.com/');
  });
});
