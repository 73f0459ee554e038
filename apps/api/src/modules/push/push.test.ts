import { ERROR_CODES } from '@minecloud/contract/errors';
import type { PushMessage } from '@minecloud/contract/push';
import { PAYOUTS_PAUSED_TEXT, WITHDRAWAL_STATE_TEXTS } from '@minecloud/contract/withdrawal-states';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The texts are the notification centre's: whatever its wording, a push says the same.
import en from '../../../../web/src/i18n/locales/en.json' with { type: 'json' };
import ko from '../../../../web/src/i18n/locales/ko-KR.json' with { type: 'json' };
import zhCN from '../../../../web/src/i18n/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../web/src/i18n/locales/zh-TW.json' with { type: 'json' };
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { fund, get, type Member, newMember, post } from '../../../test/money.ts';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';
import { browserKeys, localPushService } from '../../../test/push.ts';
import { giveEmail, operatorCall, withdrawalInReview } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { startScheduler } from '../../jobs/scheduler.ts';
import type { VapidKeys } from '../../lib/keys.ts';
import { memberWithdrawalStates } from '../wallet/withdrawals.ts';
import { endpointAllowed } from './subscriptions.ts';
import { pushMessage } from './texts.ts';
import { createPushWorker } from './worker.ts';

/**
 * Web Push: a member's browser subscribes; a withdrawal decided, paid, or a reply, is pushed to it
 * after its transaction commits, encrypted to the browser's keys (RFC 8291) and in its language; a
 * subscription its push service says is gone is dropped.
 */

const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = PRODUCTION_ENV;
let app: TestApp;
let admin: string;
let service: Awaited<ReturnType<typeof localPushService>>;

beforeAll(async () => {
  app = await buildTestApp({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: 'mailto:ops@example.com' });
  admin = await operatorToken(app);
  service = await localPushService();
});
afterAll(async () => {
  await app.close();
  await service.close();
});

const worker = () =>
  createPushWorker(app.db, app.log, app.clock, {
    vapid: { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY },
    subject: 'mailto:ops@example.com',
    pollMs: 1000,
    retryMs: 60_000,
    withdrawalStates: (db, userId, ids) => memberWithdrawalStates(db, app.chain, userId, ids),
  });
const subscriptionsOf = (m: Member) =>
  queryRows<{ endpoint: string; locale: string }>(
    app.db,
    sql`select endpoint, locale from push_subscriptions where user_id = ${m.userId} order by id`,
  );
const outbox = () => queryRows<{ attempts: number }>(app.db, sql`select attempts from push_outbox order by id`);

const requested = (m: Member, amount: string) => withdrawalInReview(app, m, amount, 'push');

async function withFunds() {
  const m = await newMember(app);
  await giveEmail(app, m);
  await fund(app, m.userId, 'USDT', '5000');
  return m;
}

describe('pushes', () => {
  it('an approved withdrawal reaches the browser after the approval, encrypted to its keys, in its language', async () => {
    const alice = await withFunds();
    const browser = browserKeys();
    const endpoint = service.endpoint('/push/alice');
    const subscribed = await post(app, alice, 'biz/push/subscribe', { endpoint, keys: browser.keys, locale: 'ko-KR' });
    expect(subscribed.body).toMatchObject({ code: 0, data: null });
    expect(await subscriptionsOf(alice)).toEqual([{ endpoint, locale: 'ko-KR' }]);

    const id = await requested(alice, '1234.5');
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.data.status).toBe('approved');
    // The approval answered without waiting for any push service: the push waits in the outbox.
    expect(service.received).toHaveLength(0);
    expect(await outbox()).toEqual([{ attempts: 0 }]);

    expect(await worker().runOnce()).toEqual({ sent: 1, dropped: 0, retrying: 0, failed: 0 });
    const [push] = service.received;
    expect(push?.path).toBe('/push/alice');
    expect(push?.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400' });
    // VAPID (RFC 8292): a JWT signed by the server's key, and that key.
    expect(push?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID_PUBLIC_KEY}$`),
    );
    const message = JSON.parse(browser.decrypt(push?.body as Buffer)) as PushMessage;
    expect(message).toEqual({
      title: ko.notifyWithdrawalApprovedTitle,
      body: expect.stringContaining('1,234.5 USDT'),
      url: '/#/pages/my_child/withdrawrecord/withdrawrecord?asset=USDT',
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    // This server has no chain: the push says the payout is paused, as the notification centre does,
    // never that it is being paid.
    expect(app.chain).toBeNull();
    expect(message.body).toContain(WITHDRAWAL_STATE_TEXTS.paused['ko-KR']);
    expect(message.body).toContain(PAYOUTS_PAUSED_TEXT['ko-KR']);
    expect(await outbox()).toEqual([]);
    // Nothing is sent twice.
    expect(await worker().runOnce()).toEqual({ sent: 0, dropped: 0, retrying: 0, failed: 0 });
  });

  it('drops a subscription its push service says is gone (410), with what was still to go to it', async () => {
    const bob = await withFunds();
    const gone = browserKeys();
    const live = browserKeys();
    const goneEndpoint = service.endpoint('/push/bob-gone', 410);
    const liveEndpoint = service.endpoint('/push/bob-live');
    await post(app, bob, 'biz/push/subscribe', { endpoint: goneEndpoint, keys: gone.keys, locale: 'en' });
    await post(app, bob, 'biz/push/subscribe', { endpoint: liveEndpoint, keys: live.keys, locale: 'zh-TW' });
    const before = service.received.length;
    const id = await requested(bob, '30');
    const res = await operatorCall(app, admin, 'withdrawals/reject', { id, reason: 'Address on a sanctions list' });
    expect(res.body.data.status).toBe('rejected');

    expect(await worker().runOnce()).toEqual({ sent: 1, dropped: 1, retrying: 0, failed: 0 });
    expect(await subscriptionsOf(bob)).toEqual([{ endpoint: liveEndpoint, locale: 'zh-TW' }]);
    const pushed = service.received.slice(before);
    expect(pushed.map((p) => p.path).sort()).toEqual(['/push/bob-gone', '/push/bob-live']);
    const message = JSON.parse(live.decrypt(pushed.find((p) => p.path === '/push/bob-live')?.body as Buffer));
    expect(message.title).toBe(zhTW.notifyWithdrawalRejectedTitle);
    expect(message.body).toContain('Address on a sanctions list');
  });

  it('tries a push again later when its service fails, without failing anything else', async () => {
    const carol = await withFunds();
    const browser = browserKeys();
    const endpoint = service.endpoint('/push/carol-busy', 503);
    await post(app, carol, 'biz/push/subscribe', { endpoint, keys: browser.keys, locale: 'en' });
    const id = await requested(carol, '10');
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.code).toBe(0);
    expect(await worker().runOnce()).toEqual({ sent: 0, dropped: 0, retrying: 1, failed: 0 });
    expect(await outbox()).toEqual([{ attempts: 1 }]);
    // Not due again until its wait has passed.
    expect(await worker().runOnce()).toEqual({ sent: 0, dropped: 0, retrying: 0, failed: 0 });
    await app.db.execute(sql`delete from push_outbox`);
  });

  it("is sent by the jobs process's scheduler, with no call of the operator's request", async () => {
    const fay = await withFunds();
    const browser = browserKeys();
    await post(app, fay, 'biz/push/subscribe', {
      endpoint: service.endpoint('/push/fay'),
      keys: browser.keys,
      locale: 'zh-CN',
    });
    const id = await requested(fay, '15');
    await operatorCall(app, admin, 'withdrawals/approve', { id });
    const { vapid, subject } = app.push;
    const scheduler = await startScheduler(app.db, app.clock, app.log, {
      push: { vapid: vapid as VapidKeys, subject, pollMs: 200 },
    });
    try {
      await expect.poll(() => service.received.filter((p) => p.path === '/push/fay').length).toBe(1);
    } finally {
      scheduler.stop();
    }
    const [push] = service.received.filter((p) => p.path === '/push/fay');
    expect(JSON.parse(browser.decrypt(push?.body as Buffer)).title).toBe(zhCN.notifyWithdrawalApprovedTitle);
  });

  it('never sends the previous member news to a browser another member took over', async () => {
    const dave = await withFunds();
    const erin = await newMember(app);
    const browser = browserKeys();
    const endpoint = service.endpoint('/push/shared');
    await post(app, dave, 'biz/push/subscribe', { endpoint, keys: browser.keys, locale: 'en' });
    const id = await requested(dave, '10');
    await operatorCall(app, admin, 'withdrawals/approve', { id });
    await post(app, erin, 'biz/push/subscribe', { endpoint, keys: browser.keys, locale: 'ms-MY' });
    expect(await subscriptionsOf(dave)).toEqual([]);
    expect(await subscriptionsOf(erin)).toEqual([{ endpoint, locale: 'ms-MY' }]);
    const before = service.received.length;
    expect(await worker().runOnce()).toMatchObject({ sent: 0, dropped: 1 });
    expect(service.received).toHaveLength(before);
  });
});

describe('the routes', () => {
  it('gives the public key to anyone', async () => {
    expect((await get(app, null, 'biz/push/key')).body).toMatchObject({
      code: 0,
      data: { publicKey: VAPID_PUBLIC_KEY },
    });
  });

  it('refuses bad input and a caller without a session', async () => {
    const m = await newMember(app);
    const good = { endpoint: service.endpoint('/push/good'), keys: browserKeys().keys, locale: 'en' };
    for (const bad of [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://127.0.0.1/x' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: 'x'.repeat(40) } },
      { ...good, keys: undefined },
      { ...good, locale: 'fr' },
    ]) {
      const res = await post(app, m, 'biz/push/subscribe', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe(ERROR_CODES.badRequest);
    }
    expect(await subscriptionsOf(m)).toEqual([]);
    const anonymous = await app.inject({ method: 'POST', url: '/app-api/biz/push/subscribe', payload: good });
    expect(anonymous.statusCode).toBe(401);
    expect((await post(app, m, 'biz/push/unsubscribe', { endpoint: 42 })).status).toBe(400);
  });

  it('unsubscribes only the caller own browser', async () => {
    const [m, other] = [await newMember(app), await newMember(app)];
    const endpoint = service.endpoint('/push/mine');
    await post(app, m, 'biz/push/subscribe', { endpoint, keys: browserKeys().keys, locale: 'en' });
    expect((await post(app, other, 'biz/push/unsubscribe', { endpoint })).body.code).toBe(0);
    expect(await subscriptionsOf(m)).toHaveLength(1);
    expect((await post(app, m, 'biz/push/unsubscribe', { endpoint })).body).toMatchObject({ code: 0, data: null });
    expect(await subscriptionsOf(m)).toEqual([]);
  });

  it('in production posts only to the browsers push services, over https', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect(endpointAllowed(ok, true), ok).toBe(true);
    }
    for (const refused of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://fcm.googleapis.com:8443/x',
    ]) {
      expect(endpointAllowed(refused, true), refused).toBe(false);
    }
    expect(endpointAllowed('http://127.0.0.1:9/push', false)).toBe(true);
  });

  it('without a VAPID pair push is off: no key, and subscribing is refused', async () => {
    // As app.ts decorates a process without a pair (lib/keys.ts, vapidKeysOf).
    const set = app.push.vapid;
    app.push.vapid = null;
    try {
      expect((await get(app, null, 'biz/push/key')).body.data).toEqual({ publicKey: null });
      const m = await newMember(app);
      const body = { endpoint: service.endpoint('/push/off'), keys: browserKeys().keys, locale: 'en' };
      expect((await post(app, m, 'biz/push/subscribe', body)).body.code).toBe(ERROR_CODES.pushUnavailable);
      expect(await subscriptionsOf(m)).toEqual([]);
    } finally {
      app.push.vapid = set;
    }
  });
});

describe('the texts', () => {
  it("are the notification centre's, in each language, with the payout's hash and the reply's page", () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    const paid = {
      kind: 'withdrawal_paid',
      params: { withdrawalId: '7', asset: 'BTC', amount: '0.5', txHash },
    } as const;
    expect(pushMessage('9', paid, 'en')).toEqual({
      title: en.notifyWithdrawalPaidTitle,
      body: expect.stringContaining('0xabababab…ababab'),
      url: '/#/pages/my_child/withdrawrecord/withdrawrecord?asset=BTC',
      tag: 'notification-9',
    });
    expect(pushMessage('9', paid, 'zh-CN')?.body).toBe(
      zhCN.notifyWithdrawalPaidBody
        .replace('{{amount}}', '0.5')
        .replace('{{asset}}', 'BTC')
        .replace('{{hash}}', '0xabababab…ababab'),
    );
    const reply = { kind: 'feedback_replied', params: { feedbackId: '3' } } as const;
    expect(pushMessage('10', reply, 'zh-CN')).toMatchObject({
      title: zhCN.notifyFeedbackRepliedTitle,
      url: '/#/pages/my_child/feedorder/feedorder',
    });
    const reward = { kind: 'mining_output', params: { day: '2026-11-20', asset: 'BTC', amount: '1' } } as const;
    expect(pushMessage('11', reward, 'en')).toBeNull();
  });
});
