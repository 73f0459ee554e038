import { API } from '@minecloud/contract/api-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo } from '@/test/calls';
import { mockServer, ok } from '@/test/render-app';
import { dropPushSubscription } from './push-subscription';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('dropping the push subscription of this browser', () => {
  it('tells the server, then unsubscribes the browser', async () => {
    const fetchMock = mockServer({ [`POST /app-api/${API.pushUnsubscribe}`]: () => ok(null) });
    const order: string[] = [];
    fetchMock.mockImplementationOnce(async () => {
      order.push('server');
      return new Response(JSON.stringify({ code: 0, data: null, msg: '' }));
    });
    const subscription = { endpoint: ENDPOINT, unsubscribe: vi.fn(async () => order.push('browser') > 0) };
    const registration = { pushManager: { getSubscription: async () => subscription } };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => registration },
    });
    await dropPushSubscription();
    expect(order).toEqual(['server', 'browser']);
    expect(callsTo(fetchMock, API.pushUnsubscribe).map((c) => c.body)).toEqual([{ endpoint: ENDPOINT }]);
  });

  it('does nothing in a browser without a service worker or a subscription', async () => {
    const fetchMock = mockServer({});
    await dropPushSubscription();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => null } }) },
    });
    await dropPushSubscription();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
