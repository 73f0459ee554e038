import type { FastifyBaseLogger } from 'fastify';
import { observeJob } from '../lib/job-metrics.ts';

/** A worker that sends an outbox a round at a time: each round's counts, and its batch size. */
type OutboxWorker = { runOnce: () => Promise<Record<string, number>>; batch: number };

/**
 * Runs an outbox worker's rounds every `pollMs` (rounds never overlap) until stopped; a full round
 * means more may be due, so the next one follows at once (ten at most, then the next tick).
 */
export function pollOutbox(name: string, log: FastifyBaseLogger, pollMs: number, worker: OutboxWorker) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (let rounds = 0; rounds < 10; rounds++) {
        const round = await observeJob(name, worker.runOnce);
        if (Object.values(round).reduce((a, b) => a + b, 0) < worker.batch) break;
      }
    } catch (error) {
      log.error({ err: error }, `${name} round failed`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), pollMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
