import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSmtpTransport, type SmtpTimeouts, unsealSecret } from './mailer.ts';
import { type MailTemplate, renderMail } from './templates.ts';

export type MailWorkerOptions = {
  /** Without it, nothing is sent: outside demo the mail is `undeliverable`, in demo it shows as `demo`. */
  smtpUrl?: string;
  from: string;
  demo: boolean;
  sealKey: Buffer;
  timeouts: SmtpTimeouts;
  /** Tries per mail; the last failure leaves it `failed` with its error. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles after each further one. */
  retryMs: number;
  pollMs: number;
  /** Mails claimed (and sent at once) per round. */
  batch?: number;
};

/** The worker's settings from the process's configuration, and the mail seal key (lib/keys.ts). */
export function mailWorkerOptions(config: Config, sealKey: Buffer): MailWorkerOptions {
  return {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    demo: config.demo,
    sealKey,
    ...config.mail,
  };
}

type ClaimedMail = {
  id: string;
  to: string;
  template: MailTemplate;
  locale: string;
  params: Record<string, string | number> | string;
  sealed_secret: string | null;
  attempts: number;
};

export type MailRound = { sent: number; retrying: number; failed: number; undeliverable: number; demo: number };

const ERROR_MAX = 500;

/**
 * Sends the outbox a round at a time (jobs/mail.ts runs the rounds, in MODE all or worker). Every
 * mail is claimed by one worker only: a conditional update over `for update skip locked` moves it
 * to `sending` with a lease and counts the attempt; a worker that dies mid-send leaves it to be
 * claimed again when the lease ends. The sealed code is opened only to render the mail, and wiped
 * once it is sent or given up. Nothing here logs a mail's text or code.
 */
export function createMailWorker(db: Db, log: FastifyBaseLogger, clock: Clock, options: MailWorkerOptions) {
  const transport = options.smtpUrl ? createSmtpTransport(options.smtpUrl, options.timeouts) : null;
  const { connectMs, greetingMs, socketMs } = options.timeouts;
  // Longer than a send can take with these limits, so a live worker never loses its claim.
  const leaseMs = 2 * (connectMs + greetingMs + socketMs) + 30_000;
  const batch = options.batch ?? 10;

  const claim = async (now: Date) => {
    const due = sql`((status = 'queued' and next_attempt_at <= ${now.toISOString()})
      or (status = 'sending' and claimed_until <= ${now.toISOString()}))`;
    return queryRows<ClaimedMail>(
      db,
      sql`update mail_outbox
          set status = 'sending', attempts = attempts + 1,
            claimed_until = ${new Date(now.getTime() + leaseMs).toISOString()}
          where ${due} and id in (
            select id from mail_outbox where status in ('queued', 'sending') and ${due}
            order by id limit ${batch} for update skip locked)
          returning id::text, "to", template, locale, params, sealed_secret, attempts`,
    );
  };

  /** The mail's end (or its next try), only while this worker still holds its claim. */
  const settle = async (mail: ClaimedMail, outcome: SettleOutcome, now: Date) => {
    const error = outcome.error?.slice(0, ERROR_MAX) ?? null;
    const when = now.toISOString();
    const change =
      outcome.status === 'queued'
        ? sql`status = 'queued', next_attempt_at = ${outcome.retryAt.toISOString()}, last_error = ${error}`
        : outcome.status === 'sent'
          ? sql`status = 'sent', sent_at = ${when}, sealed_secret = null, last_error = null`
          : outcome.status === 'demo'
            ? sql`status = 'demo', sealed_secret = null, demo_code = ${outcome.demoCode}, last_error = null`
            : sql`status = ${outcome.status}, sealed_secret = null, last_error = ${error}`;
    await db.execute(
      sql`update mail_outbox set ${change}, claimed_until = null
          where id = ${mail.id}::bigint and status = 'sending' and attempts = ${mail.attempts}`,
    );
  };

  const retryAt = (mail: ClaimedMail, now: Date) =>
    new Date(now.getTime() + options.retryMs * 2 ** Math.max(0, mail.attempts - 1));

  const deliver = async (mail: ClaimedMail, now: Date): Promise<keyof MailRound> => {
    const about = { mail: mail.id, template: mail.template, attempt: mail.attempts };
    let secret = '';
    try {
      if (mail.sealed_secret) secret = unsealSecret(options.sealKey, mail.to, mail.sealed_secret);
    } catch {
      await settle(
        mail,
        { status: 'failed', error: 'the sealed code cannot be opened (was JWT_SECRET changed?)' },
        now,
      );
      log.error(about, 'mail failed: its sealed code cannot be opened');
      return 'failed';
    }
    if (!transport) {
      if (options.demo) {
        await settle(mail, { status: 'demo', demoCode: secret || null }, now);
        return 'demo';
      }
      await settle(mail, { status: 'undeliverable', error: 'no SMTP_URL: mail cannot be sent' }, now);
      log.warn(about, 'mail undeliverable: no SMTP_URL configured');
      return 'undeliverable';
    }
    const params = typeof mail.params === 'string' ? JSON.parse(mail.params) : mail.params;
    const { subject, text } = renderMail(mail.template, mail.locale, params, secret);
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject, text });
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown.message : String(thrown);
      if (mail.attempts >= options.maxAttempts) {
        await settle(mail, { status: 'failed', error }, now);
        log.error({ ...about, error }, 'mail failed: no tries left');
        return 'failed';
      }
      const at = retryAt(mail, now);
      await settle(mail, { status: 'queued', retryAt: at, error }, now);
      log.warn({ ...about, error, retryAt: at.toISOString() }, 'mail not sent: will retry');
      return 'retrying';
    }
    await settle(mail, { status: 'sent' }, clock.now());
    log.info(about, 'mail sent');
    return 'sent';
  };

  /** One round: claims what is due and sends it, each mail at once. */
  const runOnce = async (): Promise<MailRound> => {
    const round: MailRound = { sent: 0, retrying: 0, failed: 0, undeliverable: 0, demo: 0 };
    const now = clock.now();
    const claimed = await claim(now);
    for (const outcome of await Promise.all(claimed.map((mail) => deliver(mail, now)))) round[outcome] += 1;
    return round;
  };

  return {
    runOnce,
    /** Mails claimed per round: a full round means more may be due. */
    batch,
    close() {
      transport?.close();
    },
  };
}

type SettleOutcome =
  | { status: 'sent'; error?: undefined }
  | { status: 'queued'; retryAt: Date; error: string }
  | { status: 'demo'; demoCode: string | null; error?: undefined }
  | { status: 'failed' | 'undeliverable'; error: string };
