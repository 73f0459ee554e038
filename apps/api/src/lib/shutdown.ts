import { Worker } from 'node:worker_threads';

/**
 * A second signal this soon after the first is the same stop delivered twice (a terminal signals
 * its whole process group, and `npm` forwards the signal again), not a request to hurry.
 */
export const REPEATED_SIGNAL_MS = 1000;

/** How long the last log lines may take to leave before the process exits anyway. */
const LAST_WORDS_MS = 500;

/**
 * SIGKILLs this process `ms` from now, from a thread of its own: it fires even while the main
 * thread is blocked (a synchronous write retried for ever, a busy loop), where a timer cannot.
 */
export function armHardDeadline(ms: number) {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.ms);`,
    { eval: true, workerData: { pid: process.pid, ms }, stdout: true, stderr: true },
  );
  worker.unref();
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
 * graceful stop first, then `process.exit(1)` a second before the end, then SIGKILL from another
 * thread. A second signal (not a repeat of the first) exits at once.
 */
export function installShutdown(options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let firstAt: number | undefined;

  async function stopWithin(signal: string) {
    armHardDeadline(options.graceMs);
    const soft = setTimeout(() => exit(1), Math.max(options.graceMs - 1000, options.graceMs / 2));
    soft.unref();
    options.log({ signal, graceMs: options.graceMs }, 'shutting down');
    let code = 0;
    try {
      await options.stop();
    } catch {
      code = 1;
    }
    await options.flushLogs(LAST_WORDS_MS);
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
