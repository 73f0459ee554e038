import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import type { AuthorizedUserId } from '../src/modules/auth/tokens.ts';
import { lockWithdrawal } from '../src/modules/wallet/withdrawals.ts';
import { operatorWithRole, type TestApp } from './app.ts';
import { queuedCode } from './care.ts';
import { type Member, post } from './money.ts';

/** Binds an email to the member directly (binding itself is tested in modules/user/email.test.ts). */
export async function giveEmail(app: TestApp, member: Member): Promise<string> {
  const email = `m${member.userId}@example.com`;
  await app.db.execute(sql`update users set email = ${email} where id = ${member.userId}`);
  return email;
}

/** Asks for a confirm code to the member's bound email and opens it in the mail outbox (no SMTP in tests). */
export async function confirmCode(app: TestApp, member: Member): Promise<string> {
  const sent = await post(app, member, 'member/sendEmailCode', {});
  if (sent.body.code !== 0) throw new Error(`sendEmailCode: ${JSON.stringify(sent.body)}`);
  const [user] = await queryRows<{ email: string }>(app.db, sql`select email from users where id = ${member.userId}`);
  return queuedCode(app, user?.email ?? '');
}

export const withdrawPath = (asset: 'USDT' | 'BTC') =>
  asset === 'USDT' ? 'biz/user-usdt-record/withdraw' : 'biz/user-btc-record/withdraw';

export async function operatorCall(app: TestApp, token: string, url: string, payload?: object) {
  const res = await app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/admin-api/${url}`,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A second operator, with its own token. */
/** A second operator who may review withdrawals (finance). */
export async function secondOperator(app: TestApp, username: string): Promise<string> {
  return operatorWithRole(app, username, 'finance');
}

/**
 * A USDT withdrawal in review, locked without the email round trip (tested in modules/wallet/); its
 * id. `label` keeps its idempotency keys apart from other tests' withdrawals of the same amount.
 */
export async function withdrawalInReview(app: TestApp, m: Member, amount: string, label: string) {
  const { withdrawalId } = await app.db.transaction((tx) =>
    lockWithdrawal(
      tx,
      app.chain,
      m.userId as AuthorizedUserId,
      'USDT',
      { amount, address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', emailCode: 'given' },
      (leg) => `${label}:${m.userId}:${amount}:${leg}`,
      app.clock.now(),
    ),
  );
  return withdrawalId;
}
