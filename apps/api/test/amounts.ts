import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { checkLedger } from '../src/ledger/check.ts';
import type { TestApp } from './app.ts';
import { type Member, postIn } from './money.ts';

/** Transfers, user balances, kept keys and email codes spent or tried: what a refused call must leave as it was. */
async function moneyState(app: TestApp) {
  const [transfers] = await queryRows<{ n: string; last: string | null }>(
    app.db,
    sql`select count(*)::text as n, max(id)::text as last from transfers`,
  );
  const balances = await queryRows<{ id: string; balance: string }>(
    app.db,
    sql`select id::text, balance::text from accounts where user_id is not null order by id`,
  );
  const [keys] = await queryRows<{ n: string }>(app.db, sql`select count(*)::text as n from idempotency_keys`);
  const [codes] = await queryRows<{ used: string; attempts: string }>(
    app.db,
    sql`select count(used_at)::text as used, coalesce(sum(attempts), 0)::text as attempts from email_codes`,
  );
  return { transfers, balances, keys: keys?.n, codes };
}

/**
 * Posts `payload` (an amount with one decimal more than a member may enter) in English and in
 * Chinese, and expects each to be refused with HTTP 400, code 1016 and the message naming `places`,
 * with nothing moved, no key kept, no email code spent and the ledger balanced. Both requests use
 * `key`, so that the caller can show that the same key still works for the corrected amount.
 */
export async function expectTooManyDecimals(
  app: TestApp,
  member: Member,
  url: string,
  payload: object,
  places: number,
  key: string = randomUUID(),
) {
  const before = await moneyState(app);
  const en = await postIn(app, member, url, payload, { key, locale: 'en' });
  expect(en, JSON.stringify(payload)).toEqual({
    status: 400,
    body: { code: 1016, data: null, msg: `Use at most ${places} decimal places` },
  });
  const zh = await postIn(app, member, url, payload, { key, locale: 'zh-CN' });
  expect(zh, JSON.stringify(payload)).toEqual({
    status: 400,
    body: { code: 1016, data: null, msg: `最多支持${places}位小数` },
  });
  expect(await moneyState(app)).toEqual(before);
  expect((await checkLedger(app.db)).ok).toBe(true);
}
