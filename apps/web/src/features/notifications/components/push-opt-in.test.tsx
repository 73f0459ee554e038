import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { callsTo, page } from '@/test/calls';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

signInBeforeEachTest();
chineseAfterEachTest();

// The server's key: 65 bytes, base64url (a P-256 point, as VAPID_PUBLIC_KEY).
const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };

function server(publicKey: string | null = KEY) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
    [`GET /app-api/${API.notifications}`]: () => page([]),
    [`GET /app-api/${API.notificationUnread}`]: () => ok({ total: 0, notifications: 0, notices: 0 }),
    [`GET /app-api/${API.pushKey}`]: () => ok({ publicKey }),
    [`POST /app-api/${API.pushSubscribe}`]: () => ok(null),
    [`POST /app-api/${API.pushUnsubscribe}`]: () => ok(null),
  });
}

/**
 * A browser that can push (or not): its Notification permission, a service worker whose push
 * manager keeps one subscription, and the calls made of them.
 */
function pushBrowser({ permission = 'default', subscribed = false, asked = 'granted' } = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = asked;
      return asked;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { pushManager, subscription };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

// After the page, its key and the browser's answers: a loaded machine may take more than a second.
const optIn = () => screen.findByTestId('push-opt-in', {}, { timeout: 5000 });

describe('the push opt-in of the notification centre', () => {
  it('is off until the member turns it on; then this browser subscribes with the server key, in the app language', async () => {
    const fetchMock = server();
    const browser = pushBrowser();
    await changeLocale('en');
    renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'off');
    expect(screen.getByTestId('push-hint')).toHaveTextContent('Turn on to get news of your withdrawals');

    await userEvent.click(screen.getByTestId('push-switch'));
    await waitFor(() => expect(screen.getByTestId('push-opt-in')).toHaveAttribute('data-state', 'on'));
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(new Uint8Array(options.applicationServerKey as Uint8Array)).toHaveLength(65);
    expect(callsTo(fetchMock, API.pushSubscribe).map((c) => c.body)).toEqual([
      { endpoint: ENDPOINT, keys: KEYS, locale: 'en' },
    ]);
    expect(screen.getByTestId('push-hint')).toHaveTextContent('are pushed to this device');

    // Off again: the server first, then the browser's subscription.
    await userEvent.click(screen.getByTestId('push-switch'));
    await waitFor(() => expect(screen.getByTestId('push-opt-in')).toHaveAttribute('data-state', 'off'));
    expect(callsTo(fetchMock, API.pushUnsubscribe).map((c) => c.body)).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it('is on where this browser is subscribed, and gives the server its language again', async () => {
    const fetchMock = server();
    pushBrowser({ permission: 'granted', subscribed: true });
    renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'on');
    expect(screen.getByTestId('push-hint')).toHaveTextContent('都会推送到此设备');
    await waitFor(() =>
      expect(callsTo(fetchMock, API.pushSubscribe).map((c) => c.body)).toEqual([
        { endpoint: ENDPOINT, keys: KEYS, locale: 'zh-CN' },
      ]),
    );
  });

  it('says the browser blocks notifications, with no switch; and so when the member refuses the browser', async () => {
    server();
    pushBrowser({ permission: 'denied' });
    const first = renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'blocked');
    expect(screen.getByTestId('push-hint')).toHaveTextContent('浏览器已阻止本站的通知');
    expect(screen.queryByTestId('push-switch')).toBeNull();
    first.unmount();

    const fetchMock = server();
    pushBrowser({ asked: 'denied' });
    renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'off');
    await userEvent.click(screen.getByTestId('push-switch'));
    await waitFor(() => expect(screen.getByTestId('push-opt-in')).toHaveAttribute('data-state', 'blocked'));
    expect(callsTo(fetchMock, API.pushSubscribe)).toEqual([]);
  });

  it('says when the browser cannot push, and on an iPhone how it can', async () => {
    server();
    const first = renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'unsupported');
    expect(screen.getByTestId('push-hint')).toHaveTextContent('此浏览器无法接收推送通知');
    first.unmount();

    server();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
    );
    renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'ios-home-screen');
    expect(screen.getByTestId('push-hint')).toHaveTextContent('请先将本应用添加到主屏幕');
  });

  it('says push is not available when the server has it off', async () => {
    server(null);
    pushBrowser();
    renderApp(paths.notifications.path);
    expect(await optIn()).toHaveAttribute('data-state', 'unavailable');
    expect(screen.getByTestId('push-hint')).toHaveTextContent('推送通知暂未开放');
    expect(screen.queryByTestId('push-switch')).toBeNull();
  });
});
