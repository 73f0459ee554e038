import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { type Db, queryRows } from '../../db/client.ts';

export type Mailer = { send(to: string, subject: string, text: string): Promise<void> };

/**
 * Every mail goes into `mail_outbox` (the operator's view of what was sent) and, with SMTP_URL,
 * over SMTP with nodemailer; without it (the embedded default) it stays in the outbox and the log.
 * A failed send is recorded and surfaces to the caller as an error.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(to, subject, text) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into mail_outbox ("to", subject, text) values (${to}, ${subject}, ${text}) returning id::text`,
      );
      if (!transport) {
        log.info({ to, subject, text }, 'mail kept in the outbox (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to, subject, text });
        await db.execute(sql`update mail_outbox set sent_at = now() where id = ${row?.id}::bigint`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.execute(sql`update mail_outbox set error = ${message.slice(0, 500)} where id = ${row?.id}::bigint`);
        throw error;
      }
    },
  };
}
