import { notificationParamsSchema } from '@minecloud/contract/notifications';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { type Db, queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { VapidKeys } from '../../lib/keys.ts';
import type { WithdrawalStatesOf } from '../notifications/service.ts';
import { pushLocale, pushMessage } from './texts.ts';

export type PushWorkerOptions = {
  vapid: VapidKeys;
  /** VAPID's `sub`: whom a push service contacts about this server's pushes. */
  subject: string;
  pollMs: number;
  /** Pushes claimed (and sent at once) per round. */
  batch?: number;
  /** Tries per push before it is given up; the wait doubles from `retryMs` after each. */
  maxAttempts?: number;
  retryMs?: number;
  /** The longest a push service may take to answer. */
  timeoutMs?: number;
  /**
   * Where withdrawals stand, as the notification centre reads them (given by the caller, as to the
   * notification routes: the wallet module writes notifications, so this one does not import it).
   */
  withdrawalStates?: WithdrawalStatesOf;
};

/** How long a push service keeps a push for a browser that is offline: news of money, a day. */
const TTL_SECONDS = 24 * 3600;

type Claimed = {
  id: string;
  attempts: number;
  notification_id: string;
  user_id: number;
  kind: string;
  params: Record<string, string> | string;
  owner_matches: boolean;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
};

export type PushRound = { sent: number; dropped: number; retrying: number; failed: number };

/**
 * Sends the push outbox a round at a time (jobs/push.ts runs the rounds in MODE all or worker),
 * never inside the transaction of the event: a row is visible only once its notification committed,
 * and a push that fails is the push's own business, never the event's. Each row is claimed by one
 * worker (`for update skip locked`, with a lease). A push service that answers 404 or 410 says the
 * subscription is gone: it is dropped, with what was still to be sent to it. Logs name the push
 * service's host, never an endpoint (it is a capability) nor a key.
 */
export function createPushWorker(db: Db, log: FastifyBaseLogger, clock: Clock, options: PushWorkerOptions) {
  const batch = options.batch ?? 20;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryMs = options.retryMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = 2 * timeoutMs + 30_000;
  const vapidDetails = { subject: options.subject, ...options.vapid };

  const claim = (now: Date) => {
    const at = now.toISOString();
    const due = sql`next_attempt_at <= ${at} and (claimed_until is null or claimed_until <= ${at})`;
    return queryRows<Claimed>(
      db,
      sql`with claimed as (
            update push_outbox set attempts = attempts + 1,
              claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}
            where ${due} and id in (select id from push_outbox where ${due} order by id limit ${batch} for update skip locked)
            returning id, attempts, notification_id, subscription_id)
          select c.id::text, c.attempts, n.id::text as notification_id, n.user_id, n.kind, n.params,
            n.user_id = s.user_id as owner_matches, s.id::text as subscription_id, s.endpoint, s.p256dh, s.auth, s.locale
          from claimed c join notifications n on n.id = c.notification_id join push_subscriptions s on s.id = c.subscription_id
          order by c.id`,
    );
  };

  const done = (row: Claimed) => db.execute(sql`delete from push_outbox where id = ${row.id}::bigint`);

  const deliver = async (row: Claimed, now: Date): Promise<keyof PushRound> => {
    const service = hostOf(row.endpoint);
    const about = { push: row.id, notification: row.notification_id, service, attempt: row.attempts };
    const params = typeof row.params === 'string' ? JSON.parse(row.params) : row.params;
    const parsed = notificationParamsSchema.safeParse({ kind: row.kind, params });
    const state =
      parsed.success && parsed.data.kind === 'withdrawal_approved' && options.withdrawalStates
        ? ((await options.withdrawalStates(db, row.user_id, [parsed.data.params.withdrawalId])).get(
            parsed.data.params.withdrawalId,
          ) ?? null)
        : null;
    const message = parsed.success
      ? pushMessage(row.notification_id, parsed.data, pushLocale(row.locale), state)
      : null;
    // The subscription changed hands since (a shared device): the previous member's news stays theirs.
    if (!row.owner_matches || !message) {
      await done(row);
      return 'dropped';
    }
    let status: number;
    try {
      status = await post(row, message);
    } catch (thrown) {
      return retryOrFail(row, now, about, thrown instanceof Error ? thrown.name : 'error');
    }
    if (status >= 200 && status < 300) {
      await done(row);
      log.debug({ ...about, status }, 'push sent');
      return 'sent';
    }
    if (status === 404 || status === 410) {
      // Gone: the browser unsubscribed, or the service expired it. Its outbox rows go with it.
      await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}::bigint`);
      log.info({ ...about, status }, 'push subscription gone: dropped');
      return 'dropped';
    }
    if (status === 429 || status >= 500) return retryOrFail(row, now, about, `status ${status}`);
    // Refused for good (a malformed or too large push, a key the subscription was not made with).
    await done(row);
    log.warn({ ...about, status }, 'push refused by its service: given up');
    return 'failed';
  };

  const retryOrFail = async (row: Claimed, now: Date, about: object, error: string): Promise<keyof PushRound> => {
    if (row.attempts >= maxAttempts) {
      await done(row);
      log.warn({ ...about, error }, 'push not sent: no tries left');
      return 'failed';
    }
    const retryAt = new Date(now.getTime() + retryMs * 2 ** Math.max(0, row.attempts - 1));
    await db.execute(
      sql`update push_outbox set next_attempt_at = ${retryAt.toISOString()}, claimed_until = null
          where id = ${row.id}::bigint and attempts = ${row.attempts}`,
    );
    log.info({ ...about, error, retryAt: retryAt.toISOString() }, 'push not sent: will retry');
    return 'retrying';
  };

  /** The encrypted push (RFC 8291, aes128gcm) with its VAPID header, posted; the service's status. */
  const post = async (row: Claimed, message: NonNullable<ReturnType<typeof pushMessage>>) => {
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(message),
      { vapidDetails, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const res = await fetch(request.endpoint, {
      method: 'POST',
      headers,
      body: request.body as Buffer<ArrayBuffer>,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return res.status;
  };

  /** One round: claims what is due and sends it, each push at once. */
  const runOnce = async (): Promise<PushRound> => {
    const round: PushRound = { sent: 0, dropped: 0, retrying: 0, failed: 0 };
    const now = clock.now();
    const claimed = await claim(now);
    for (const outcome of await Promise.all(claimed.map((row) => deliver(row, now)))) round[outcome] += 1;
    return round;
  };

  return { runOnce, batch };
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}
