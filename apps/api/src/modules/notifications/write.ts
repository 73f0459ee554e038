import { ASSET_SCALES, type Asset } from '@minecloud/contract/amount';
import type { NotificationParams } from '@minecloud/contract/notifications';
import { PUSHED_KINDS } from '@minecloud/contract/push';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Writing notifications, always in the transaction of the event they announce, at its
 * source: a rolled-back event leaves no notification, a committed one always has it. Only params
 * are stored (decimal amounts, asset, ids, a hash, a reason); the app renders them.
 */
type Writer = Pick<Db, 'execute'>;

const dayOf = (n: NotificationParams) => ('day' in n.params ? n.params.day : null);

/**
 * One notification; a daily kind already written for that member and day is left as it is. A kind
 * that is pushed (PUSHED_KINDS) is queued for each of the member's push subscriptions in the same
 * statement: the push worker sends it once this transaction commits (modules/push/worker.ts).
 */
export async function notify(tx: Writer, userId: number, n: NotificationParams) {
  const inserted = sql`insert into notifications (user_id, kind, params, day)
        values (${userId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${dayOf(n)}::date)
        on conflict do nothing returning id, user_id`;
  if (!(PUSHED_KINDS as readonly string[]).includes(n.kind)) {
    await tx.execute(inserted);
    return;
  }
  await tx.execute(
    sql`with n as (${inserted})
        insert into push_outbox (notification_id, subscription_id)
        select n.id, s.id from n join push_subscriptions s on s.user_id = n.user_id`,
  );
}

/**
 * A daily kind's credit that may come more than once a day (referral rewards, one per purchase):
 * added to the member's notification of that day, which is unread again.
 */
export async function notifyAdding(
  tx: Writer,
  userId: number,
  n: Extract<NotificationParams, { kind: 'referral_reward' }>,
) {
  await tx.execute(
    sql`insert into notifications (user_id, kind, params, day)
        values (${userId}, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${n.params.day}::date)
        on conflict (user_id, kind, day) where day is not null do update set
          params = jsonb_set(notifications.params, '{amount}',
            to_jsonb(trim_scale((notifications.params->>'amount')::numeric + (excluded.params->>'amount')::numeric)::text)),
          created_at = excluded.created_at, read_at = null`,
  );
}

/** Atomic units (an SQL expression) as the decimal string formatAmount gives, exactly. */
export function decimalSql(units: SQL, asset: Asset): SQL {
  const unit = `0.${'0'.repeat(ASSET_SCALES[asset] - 1)}1`;
  return sql`trim_scale((${units})::numeric * ${sql.raw(unit)})::text`;
}

/**
 * A settlement day's notifications of one daily kind, set-based, as a statement for a caller's
 * `with` chain: `rows` (which may read the chain's earlier CTEs) yields `user_id` and `params`
 * (jsonb) per member, at most one each.
 */
export function notifyDayInsert(kind: NotificationParams['kind'], day: string, rows: SQL): SQL {
  return sql`insert into notifications (user_id, kind, params, day)
        select user_id, ${kind}, params, ${day}::date from (${rows}) r
        on conflict do nothing`;
}
