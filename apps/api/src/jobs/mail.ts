import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { observeJob } from '../lib/job-metrics.ts';
import { createMailWorker, type MailWorkerOptions } from '../modules/mail/worker.ts';

/**
 * Runs the mail worker's rounds every `pollMs` (rounds never overlap) until stopped: the only
 * place mail leaves from, never a member's request.
 */
export function startMailWorker(db: Db, log: FastifyBaseLogger, clock: Clock, options: MailWorkerOptions) {
  const worker = createMailWorker(db, log, clock, options);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // A full batch means more may be due: go on at once.
      for (let rounds = 0; rounds < 10; rounds++) {
        const round = await observeJob('mail', worker.runOnce);
        if (Object.values(round).reduce((a, b) => a + b, 0) < worker.batch) break;
      }
    } catch (error) {
      log.error({ err: error }, 'mail round failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.pollMs);
  timer.unref();
  void tick();
  return {
    stop() {
      clearInterval(timer);
      worker.close();
    },
  };
}
