import { Worker } from 'node:worker_threads';

/**
 * A second signal this soon after the first is the same stop delivered twice (a terminal signals
 * its whole process group, and `npm` forwards the signal again), not a request to hurry.
 */
export const REPEATED_SIGNAL_MS = 1000;

/** How long the last log lines may take to leave before the process exits anyway. */
const LAST_WORDS_MS = 500;

/**
 * The last resort of a stop (docs/operations.md, section 8, "Stopping"): a thread of its own,
 * started with the process, that SIGKILLs it `ms` after `arm(ms)`. It fires even while the main
 * thread is blocked (a synchronous write retried for ever, a busy loop) or stuck in process.exit,
 * where a timer cannot. Started beforehand, not at the signal: on a machine busy enough, booting a
 * thread at that moment took part of the grace period. It waits in Atomics.wait on memory shared
 * with the main thread, so that arming it needs neither thread's event loop; unref'd, it never
 * keeps the process alive.
 */
export function startHardDeadline(): { arm(ms: number): void } {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const cell = workerData.shared;
     while (Atomics.load(cell, 0) === 0) Atomics.wait(cell, 0, 0);
     Atomics.wait(cell, 0, Atomics.load(cell, 0), Atomics.load(cell, 0));
     process.kill(workerData.pid, 'SIGKILL');`,
    { eval: true, workerData: { pid: process.pid, shared }, stdout: true, stderr: true },
  );
  worker.unref();
  // A thread that could not start must not take the process down: the main thread's deadline stays.
  worker.on('error', () => {});
  return {
    arm(ms) {
      Atomics.store(shared, 0, Math.max(1, Math.round(ms)));
      Atomics.notify(shared, 0);
    },
  };
}

export type ShutdownOptions = {
  /** The whole stop: the process is gone by then whatever happens. */
  graceMs: number;
  /** Stops taking work, finishes what is in flight, closes the jobs and the database. */
  stop(): Promise<void>;
  /** Hands pending log lines to the OS, waiting at most `ms`. */
  flushLogs(ms: number): Promise<void>;
  log(event: { signal: string; graceMs: number }, message: string): void;
  exit?: (code: number) => void;
};

/**
 * Stops on SIGTERM or SIGINT (or when `npm start`, the parent, went away) within `graceMs`: a
 * graceful stop first; a second before the end, if it is not done, `process.exit(1)` from a timer
 * that keeps the event loop alive (an unref'd one could let a stop whose promise never settles end
 * with 0); at the end, SIGKILL from another thread. A second signal (not a repeat of the first)
 * exits at once, with 1.
 */
export function installShutdown(options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const hard = options.exit ? { arm: () => {} } : startHardDeadline();
  let firstAt: number | undefined;

  async function stopWithin(signal: string) {
    hard.arm(options.graceMs);
    setTimeout(() => exit(1), Math.max(options.graceMs - 1000, options.graceMs / 2));
    try {
      options.log({ signal, graceMs: options.graceMs }, 'shutting down');
    } catch {
      // A log that cannot be written never holds up the stop.
    }
    let code = 0;
    try {
      await options.stop();
    } catch {
      code = 1;
    }
    await options.flushLogs(LAST_WORDS_MS).catch(() => {});
    exit(code);
  }

  const onSignal = (signal: string) => {
    const now = Date.now();
    if (firstAt === undefined) {
      firstAt = now;
      void stopWithin(signal);
    } else if (now - firstAt >= REPEATED_SIGNAL_MS) {
      exit(1);
    }
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  // Under `npm start` the server has a channel to its parent: if the parent dies (even by
  // SIGKILL), the server stops too instead of running on unsupervised.
  if (process.channel) {
    process.on('disconnect', () => onSignal('disconnect'));
    process.channel.unref();
  }
}
