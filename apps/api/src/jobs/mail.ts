import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { createMailWorker, type MailWorkerOptions } from '../modules/mail/worker.ts';
import { pollOutbox } from './outbox.ts';

/**
 * Runs the mail worker's rounds every `pollMs` (rounds never overlap) until stopped: the only
 * place mail leaves from, never a member's request.
 */
export function startMailWorker(db: Db, log: FastifyBaseLogger, clock: Clock, options: MailWorkerOptions) {
  const worker = createMailWorker(db, log, clock, options);
  const polling = pollOutbox('mail', log, options.pollMs, worker);
  return {
    stop() {
      polling.stop();
      worker.close();
    },
  };
}
