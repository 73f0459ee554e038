import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { outboxRowSchema } from '@minecloud/contract/content';
import type { Locale } from '@minecloud/contract/locales';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import type { MailParams, MailTemplate } from './templates.ts';

/** One mail to queue: `secret` (a code) is never stored as given, only sealed or, in demo, as demo. */
export type OutgoingMail = {
  to: string;
  template: MailTemplate;
  locale: Locale;
  params: MailParams;
  secret?: string;
};

/**
 * Puts mail into `mail_outbox` for the mail worker (worker.ts) and returns at once: a member's
 * request never waits for a mail server. Pass the transaction the mail belongs to, so a mail is
 * queued exactly when what it announces is stored.
 */
export type Mailer = { queue(db: Pick<Db, 'execute'>, mail: OutgoingMail, now: Date): Promise<string> };

/**
 * `showDemoCodes` (demo mode without SMTP only): the mail is never sent, and its code is kept in
 * plain text, labelled as demo, for the operator's outbox, and handed to `onDemoCode` for the log
 * (README, "Run it": a person trying the demo reads it there without enrolling in the console; a
 * demo refuses a chain that pays, config.ts, so its codes guard nothing of value).
 * Everywhere else the code is sealed with `sealKey` until the worker sends or gives up the mail.
 */
export function createMailer(options: {
  sealKey: Buffer;
  showDemoCodes: boolean;
  onDemoCode?: (mail: OutgoingMail, code: string) => void;
}): Mailer {
  return {
    async queue(db, mail, now) {
      const secret = mail.secret ?? null;
      const demo = options.showDemoCodes;
      const sealed = secret !== null && !demo ? sealSecret(options.sealKey, mail.to, secret) : null;
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into mail_outbox ("to", template, locale, params, sealed_secret, demo_code, status, next_attempt_at, created_at)
            values (${mail.to}, ${mail.template}, ${mail.locale}, ${JSON.stringify(mail.params)}::jsonb, ${sealed},
              ${demo ? secret : null}, ${demo ? 'demo' : 'queued'}, ${now.toISOString()}, ${now.toISOString()})
            returning id::text`,
      );
      if (demo && secret !== null) options.onDemoCode?.(mail, secret);
      return row?.id as string;
    },
  };
}

const SEAL_VERSION = 'v1';

/**
 * AES-256-GCM under the mail seal key (`deriveKey(master, 'mailSeal')`, lib/keys.ts: a key used
 * for nothing else), bound to the recipient: a sealed code moved to another row does not open. */
export function sealSecret(key: Buffer, to: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(to.toLowerCase()));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEAL_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The sealed secret; throws when the key or the recipient is not the one it was sealed with. */
export function unsealSecret(key: Buffer, to: string, sealed: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== SEAL_VERSION || !payload) throw new Error('unknown seal format');
  const raw = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(to.toLowerCase()));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

type OutboxRow = ReturnType<typeof outboxRowSchema.parse>;

export type SmtpTimeouts = { connectMs: number; greetingMs: number; socketMs: number };

/**
 * An SMTP transport that cannot hang: connecting, the server's greeting and every silence on the
 * socket each have a limit. nodemailer's own defaults are 2 minutes, 30 s and 10 minutes.
 */
export function createSmtpTransport(smtpUrl: string, timeouts: SmtpTimeouts) {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeouts.connectMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectMs,
    logger: false,
    debug: false,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

type OutboxDbRow = {
  id: string;
  to: string;
  template: OutboxRow['template'];
  locale: string;
  status: OutboxRow['status'];
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  demo_code: string | null;
};

/**
 * The operator's outbox, newest first: where each mail stands and why it failed; never a sealed
 * code, and a demo code only when `showDemoCodes` (demo mode without SMTP).
 */
export async function outboxPage(db: Db, page: { pageNo: number; pageSize: number }, showDemoCodes: boolean) {
  const rows = await queryRows<OutboxDbRow>(
    db,
    sql`select id::text, "to", template, locale, status, attempts,
          case when status in ('queued', 'sending') then next_attempt_at::text end as next_attempt_at,
          last_error, sent_at::text, created_at::text, demo_code
        from mail_outbox order by ${newestFirst('mail_outbox', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox`);
  const list: OutboxRow[] = rows.map((r) => ({
    id: r.id,
    to: r.to,
    template: r.template,
    locale: r.locale,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: isoTime(r.next_attempt_at),
    lastError: r.last_error,
    sentAt: isoTime(r.sent_at),
    createdAt: isoTime(r.created_at) as string,
    demoCode: showDemoCodes ? r.demo_code : null,
  }));
  return { list, total: count?.n ?? 0 };
}
