import { randomUUID } from 'node:crypto';
import { type Asset, parseAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { systemAccount, userAccount } from '../src/ledger/accounts.ts';
import { post as postEntry } from '../src/ledger/journal.ts';
import type { TestApp } from './app.ts';
import { bearer, signIn } from './wallet.ts';

/** Credits a member through the ledger (as an operator adjustment would). */
export async function fund(
  app: TestApp,
  userId: number,
  asset: Asset,
  amount: string,
  kind: 'available' | 'earnings' = 'available',
) {
  const parsed = parseAmount(amount, asset);
  if (!parsed.ok) throw new Error(`bad amount ${amount}`);
  await postEntry(app.db, {
    asset,
    from: systemAccount('adjustment'),
    to: userAccount(userId, kind),
    amount: parsed.units,
    kind: kind === 'earnings' ? 'referral_reward' : 'adjustment',
    idempotencyKey: `test-fund:${randomUUID()}`,
  });
}

export type Member = { userId: number; token: string; headers: Record<string, string> };

export async function newMember(app: TestApp): Promise<Member> {
  const { body, token } = await signIn(app);
  return { userId: Number(body.data.userId), token: token!, headers: bearer(token) };
}

/** Balance of one account of a member in atomic units. */
export async function unitsOf(app: TestApp, userId: number, asset: Asset, kind = 'available'): Promise<bigint> {
  const rows = await queryRows<{ balance: string }>(
    app.db,
    sql`select balance::text from accounts where user_id = ${userId} and asset = ${asset} and kind = ${kind}`,
  );
  return BigInt(rows[0]?.balance ?? 0);
}

export async function post(app: TestApp, member: Member, url: string, payload: object, key: string = randomUUID()) {
  const res = await app.inject({
    method: 'POST',
    url: `/app-api/${url}`,
    headers: { ...member.headers, 'idempotency-key': key, 'accept-language': 'en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** A member's POST in the language asked (`post` asks in English). */
export async function postIn(
  app: TestApp,
  member: Member,
  url: string,
  payload: object,
  options: { key?: string; locale?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/app-api/${url}`,
    headers: {
      ...member.headers,
      'idempotency-key': options.key ?? randomUUID(),
      'accept-language': options.locale ?? 'en',
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

export async function get(app: TestApp, member: Member | null, url: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/app-api/${url}`,
    headers: { ...(member?.headers ?? {}), 'accept-language': 'en' },
  });
  return { status: res.statusCode, body: res.json() };
}

/** `n` members created directly (no wallet sign-in), each with a session token: for races. */
export async function quickMembers(app: TestApp, n: number): Promise<Member[]> {
  const rows = await queryRows<{ id: string }>(
    app.db,
    sql`insert into users (address)
        select '0x' || substr(md5(random()::text || g) || md5(random()::text), 1, 40)
        from generate_series(1, ${n}) g returning id`,
  );
  return Promise.all(
    rows.map(async (r) => {
      const { token } = await app.tokens.issue(Number(r.id));
      return { userId: Number(r.id), token, headers: bearer(token) };
    }),
  );
}
