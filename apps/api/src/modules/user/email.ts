import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_TTL_MINUTES } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import { sql } from 'drizzle-orm';
import { getAddress, isAddress } from 'viem';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * Email codes: six random digits, valid 10 minutes, at most 5 tries, used once; one code a minute
 * per purpose (so binding an email does not hold up the withdrawal that follows) and 10 an hour per
 * member. Only a hash of the code is kept to check it; its mail carries it sealed until sent
 * (mail/mailer.ts, mail/worker.ts).
 */
export const MAX_ATTEMPTS = 5;
export const CODES_PER_HOUR = 10;
export const RESEND_SECONDS = 60;

export type CodePurpose = 'bind' | 'confirm' | 'notices';

/**
 * Whose code it is: a member's, or an operator's confirming the address for security notices
 * (auth/operator-email.ts). Both keep their codes in email_codes, under the same rules.
 */
export type CodeHolder = { user: number } | { operator: number };
const heldBy = (holder: CodeHolder) =>
  'user' in holder ? sql`user_id = ${holder.user}` : sql`operator_id = ${holder.operator}`;

const hashOf = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

async function boundEmail(db: Db, userId: number): Promise<string | null> {
  const [user] = await queryRows<{ email: string | null }>(db, sql`select email from users where id = ${userId}`);
  return user?.email ?? null;
}

/** A new code for the holder, of which only a hash is stored (its salt is the row id). */
export async function newEmailCode(
  db: Pick<Db, 'execute'>,
  holder: CodeHolder,
  email: string,
  purpose: CodePurpose,
  now: Date,
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [userId, operatorId] = 'user' in holder ? [holder.user, null] : [null, holder.operator];
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into email_codes (user_id, operator_id, email, purpose, code_hash, expires_at, created_at)
        values (${userId}, ${operatorId}, ${email}, ${purpose}, '', ${new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000).toISOString()}, ${now.toISOString()})
        returning id::text`,
  );
  const id = row?.id as string;
  await db.execute(sql`update email_codes set code_hash = ${hashOf(id, code)} where id = ${id}::bigint`);
  return { id, code };
}

/** Refuses a new code within a minute of the last one of `purpose`, or past the holder's hourly count. */
export async function checkCodeRate(db: Db, holder: CodeHolder, purpose: CodePurpose, now: Date) {
  const [recent] = await queryRows<{ last_minute: number; last_hour: number }>(
    db,
    sql`select count(*) filter (where purpose = ${purpose}
            and created_at > ${now.toISOString()}::timestamptz - ${`${RESEND_SECONDS} seconds`}::interval)::int as last_minute,
          count(*)::int as last_hour
        from email_codes where ${heldBy(holder)} and created_at > ${now.toISOString()}::timestamptz - interval '1 hour'`,
  );
  if ((recent?.last_minute ?? 0) > 0 || (recent?.last_hour ?? 0) >= CODES_PER_HOUR) return fail('rateLimited');
}

/** Queues a code to `email` (binding) or to the bound email (confirming), in the member's language. */
export async function sendEmailCode(
  db: Db,
  mailer: Mailer,
  request: { userId: number; email: string | undefined; locale: Locale },
  now: Date,
) {
  const { userId, email, locale } = request;
  const purpose: CodePurpose = email ? 'bind' : 'confirm';
  const to = email ?? (await boundEmail(db, userId));
  if (!to) return fail('bindEmailFirst');
  if (email) {
    const [taken] = await queryRows<{ id: string }>(
      db,
      sql`select id::text from users where lower(email) = ${email} and id <> ${userId}`,
    );
    if (taken) return fail('emailTaken');
  }
  await checkCodeRate(db, { user: userId }, purpose, now);
  // The code and its mail are stored together; the mail worker sends it (mail/worker.ts), so the
  // member gets the answer as soon as both are queued, whatever the mail server does.
  await db.transaction(async (tx) => {
    const { code } = await newEmailCode(tx, { user: userId }, to, purpose, now);
    await mailer.queue(
      tx,
      {
        to,
        template: 'email_code',
        locale,
        params: { purpose, minutes: EMAIL_CODE_TTL_MINUTES },
        secret: code,
      },
      now,
    );
  });
}

/** Whether `code` is one of the holder's recent codes of `purpose` for `email` that was already used. */
async function usedBefore(db: Tx, holder: CodeHolder, purpose: CodePurpose, email: string, code: string) {
  const used = await queryRows<{ id: string; code_hash: string }>(
    db,
    sql`select id::text, code_hash from email_codes
        where ${heldBy(holder)} and purpose = ${purpose} and email = ${email} and used_at is not null
        order by used_at desc, id desc limit ${CODES_PER_HOUR}`,
  );
  const given = (id: string) => Buffer.from(hashOf(id, code));
  return used.some((row) => timingSafeEqual(given(row.id), Buffer.from(row.code_hash)));
}

/**
 * Spends the holder's newest unused code of `purpose` for `email`: wrong answers count against it,
 * and the code is used up by the first right one (a conditional update, so two requests with the
 * same code cannot both pass). A code that was right but is spent says so (emailCodeUsed), and
 * does not count as a wrong try.
 */
export async function spendCode(
  db: Tx,
  holder: CodeHolder,
  purpose: CodePurpose,
  email: string,
  code: string,
  now: Date,
) {
  const [latest] = await queryRows<{ id: string; code_hash: string; attempts: number; expired: boolean }>(
    db,
    sql`select id::text, code_hash, attempts, expires_at <= ${now.toISOString()}::timestamptz as expired
        from email_codes where ${heldBy(holder)} and purpose = ${purpose} and email = ${email} and used_at is null
        order by created_at desc, id desc limit 1`,
  );
  if (!latest) return fail((await usedBefore(db, holder, purpose, email, code)) ? 'emailCodeUsed' : 'emailCodeWrong');
  if (latest.expired) return fail('emailCodeExpired');
  if (latest.attempts >= MAX_ATTEMPTS) return fail('emailCodeTooManyAttempts');
  const given = Buffer.from(hashOf(latest.id, code));
  if (!timingSafeEqual(given, Buffer.from(latest.code_hash))) {
    if (await usedBefore(db, holder, purpose, email, code)) return fail('emailCodeUsed');
    await db.execute(sql`update email_codes set attempts = attempts + 1 where id = ${latest.id}::bigint`);
    return fail(latest.attempts + 1 >= MAX_ATTEMPTS ? 'emailCodeTooManyAttempts' : 'emailCodeWrong');
  }
  const spent = await queryRows(
    db,
    sql`update email_codes set used_at = ${now.toISOString()} where id = ${latest.id}::bigint and used_at is null returning id`,
  );
  // Another request with the same code spent it first.
  if (spent.length === 0) return fail('emailCodeUsed');
}

/** A member's code (binding an email, wallet binding, withdrawals). */
export function spendEmailCode(db: Tx, userId: number, purpose: CodePurpose, email: string, code: string, now: Date) {
  return spendCode(db, { user: userId }, purpose, email, code, now);
}

export async function bindEmail(db: Db, userId: number, email: string, code: string, now: Date) {
  await spendEmailCode(db, userId, 'bind', email, code, now);
  const [taken] = await queryRows<{ id: string }>(
    db,
    sql`select id::text from users where lower(email) = ${email} and id <> ${userId}`,
  );
  if (taken) return fail('emailTaken');
  await db.execute(sql`update users set email = ${email} where id = ${userId}`);
}

/** The withdrawal address: a valid EVM address (checksum checked when mixed case), stored checksummed. */
export async function bindWallet(db: Db, userId: number, address: string, code: string, now: Date) {
  if (!isAddress(address, { strict: true })) return fail('invalidAddress');
  const email = await boundEmail(db, userId);
  if (!email) return fail('bindEmailFirst');
  await spendEmailCode(db, userId, 'confirm', email, code, now);
  await db.execute(sql`update users set withdraw_address = ${getAddress(address)} where id = ${userId}`);
}
