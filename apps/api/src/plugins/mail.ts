import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../modules/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues mail; the mail worker of the jobs processes sends it (modules/mail/worker.ts). */
    mailer: Mailer;
  }
}

/** The mailer of member and console calls. Registered after `auth`, whose seal key it uses. */
export const mail: FastifyPluginAsync = fp(async (app) => {
  const { config } = app;
  app.decorate(
    'mailer',
    createMailer({
      sealKey: app.mailWorker.sealKey,
      showDemoCodes: config.demo && !config.smtpUrl,
      onDemoCode: (queued, code) =>
        app.log.info({ to: queued.to, template: queued.template, code }, 'demo mail, not sent: its code'),
    }),
  );
});
