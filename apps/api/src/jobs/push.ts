import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { createPushWorker, type PushWorkerOptions } from '../modules/push/worker.ts';
import { pollOutbox } from './outbox.ts';

/**
 * Runs the push worker's rounds every `pollMs` until stopped: pushes leave only from here, after
 * the transaction of their event committed, never from a member's or an operator's request.
 */
export function startPushWorker(db: Db, log: FastifyBaseLogger, clock: Clock, options: PushWorkerOptions) {
  return pollOutbox('push', log, options.pollMs, createPushWorker(db, log, clock, options));
}
