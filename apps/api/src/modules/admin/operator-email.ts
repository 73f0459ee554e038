import type { OperatorEmail } from '@minecloud/contract/console';
import { EMAIL_CODE_TTL_MINUTES } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import { sql } from 'drizzle-orm';
import { type Db, isoTime, queryRows } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import type { Operator } from '../auth/operators.ts';
import { operatorActor } from '../auth/operators.ts';
import type { Mailer } from '../mail/mailer.ts';
import { checkCodeRate, MAX_ATTEMPTS, newEmailCode, spendCode } from '../user/email.ts';

/*
 * An operator's address for security notices (docs/operations.md, "Settings that guard money"):
 * confirmed as a member binds an email (user/email.ts: a mailed six-digit code, kept hashed,
 * expiring, single use, rate limited), and only then stored, so a notice never goes to an address
 * nobody proved. Setting, changing and removing it is audited.
 */

const PURPOSE = 'notices';
const actorOf = (operator: Operator) => operatorActor(operator.username);

/** The operator's confirmed address, and the one a live code waits for, if any. */
export async function operatorEmail(db: Db, operatorId: number, now: Date): Promise<OperatorEmail> {
  const [row] = await queryRows<{ email: string | null; email_confirmed_at: string | null }>(
    db,
    sql`select email, email_confirmed_at::text from operators where id = ${operatorId}`,
  );
  const [pending] = await queryRows<{ email: string; expires_at: string }>(
    db,
    sql`select email, expires_at::text from email_codes
        where operator_id = ${operatorId} and purpose = ${PURPOSE} and used_at is null
          and attempts < ${MAX_ATTEMPTS} and expires_at > ${now.toISOString()}::timestamptz
        order by created_at desc, id desc limit 1`,
  );
  return {
    email: row?.email ?? null,
    confirmedAt: isoTime(row?.email_confirmed_at ?? null),
    pending: pending?.email ?? null,
    pendingUntil: isoTime(pending?.expires_at ?? null),
  };
}

/** Mails a code to `email`, in the console's language; the code is queued sealed (mail/mailer.ts). */
export async function sendOperatorEmailCode(
  db: Db,
  mailer: Mailer,
  request: { operator: Operator; email: string; locale: Locale },
  now: Date,
) {
  const holder = { operator: request.operator.id };
  await checkCodeRate(db, holder, PURPOSE, now);
  await db.transaction(async (tx) => {
    const { code } = await newEmailCode(tx, holder, request.email, PURPOSE, now);
    await mailer.queue(
      tx,
      {
        to: request.email,
        template: 'operator_email_code',
        locale: request.locale,
        params: { minutes: EMAIL_CODE_TTL_MINUTES },
        secret: code,
      },
      now,
    );
  });
  return operatorEmail(db, request.operator.id, now);
}

/** Sets (or changes) the address once its code is right; the notices go out in `locale`. */
export async function confirmOperatorEmail(
  db: Db,
  request: { operator: Operator; email: string; code: string; locale: Locale },
  now: Date,
) {
  const { operator, email } = request;
  await spendCode(db, { operator: operator.id }, PURPOSE, email, request.code, now);
  await setAddress(db, operator, { email, locale: request.locale }, now);
  return operatorEmail(db, operator.id, now);
}

/** Removes the address: no more notices until another is confirmed. */
export async function removeOperatorEmail(db: Db, operator: Operator, now: Date) {
  await setAddress(db, operator, null, now);
  return operatorEmail(db, operator.id, now);
}

async function setAddress(db: Db, operator: Operator, next: { email: string; locale: Locale } | null, now: Date) {
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ email: string | null }>(
      tx,
      sql`select email from operators where id = ${operator.id} for update`,
    );
    await tx.execute(
      sql`update operators set email = ${next?.email ?? null}, email_locale = ${next?.locale ?? null},
          email_confirmed_at = ${next ? now.toISOString() : null}::timestamptz where id = ${operator.id}`,
    );
    await audit(tx, {
      actor: actorOf(operator),
      action: next ? 'operator.email.set' : 'operator.email.remove',
      target: actorOf(operator),
      before: { email: before?.email ?? null },
      after: { email: next?.email ?? null },
    });
  });
}
