import type { PushSubscribeBody } from '@minecloud/contract/push';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';

type Writer = Pick<Db, 'execute'>;

/** Subscriptions a member may have (browsers and devices); a newer one beyond this drops the oldest. */
export const SUBSCRIPTIONS_PER_MEMBER = 10;

/**
 * The push services of the browsers (Chrome and most others: FCM; Firefox: Mozilla's autopush;
 * Safari: Apple's; Edge: Windows Push Notification Services), by host or host suffix. In production
 * the server posts only there, so that no member can make it post to an address of its own network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether the server posts to `endpoint`: in production an https URL of a known push service. */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (!production) return url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`))
  );
}

/**
 * Pushes the member's notifications to this browser from now on, in `locale`. A browser has one
 * endpoint: subscribing it again updates its keys and language, and when another member subscribes
 * it (a shared device) it is theirs from then on; the push worker never sends the previous owner's
 * notifications to it (modules/push/worker.ts).
 */
export async function subscribe(db: Db, userId: AuthorizedUserId, body: PushSubscribeBody, production: boolean) {
  if (!endpointAllowed(body.endpoint, production)) fail('pushEndpointRefused', 'endpoint');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, locale)
          values (${userId}, ${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth}, ${body.locale})
          on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
            auth = excluded.auth, locale = excluded.locale`,
    );
    await tx.execute(
      sql`delete from push_subscriptions where user_id = ${userId} and id not in (
            select id from push_subscriptions where user_id = ${userId} order by id desc limit ${SUBSCRIPTIONS_PER_MEMBER})`,
    );
  });
}

/** No more pushes to this browser for the member (an endpoint of nobody's, or another's, is left alone). */
export async function unsubscribe(db: Writer, userId: AuthorizedUserId, endpoint: string) {
  await db.execute(sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}`);
}
