import type { Writable } from 'node:stream';

/**
 * Log lines held for a slow reader before new ones are dropped: a reader that stops reading
 * costs at most this much memory, never a blocked event loop.
 */
export const MAX_PENDING_LOG_BYTES = 4 * 1024 * 1024;

/** Where the server's pino logger writes (Fastify `logger.stream`). */
export type LogDestination = {
  write(line: string): void;
  /** Lines dropped so far: the reader was too slow, or went away. */
  dropped(): number;
  /** Resolves once every pending line is handed to the OS, or the reader is gone, or after `ms`. */
  drain(ms: number): Promise<void>;
};

/**
 * A log destination that never blocks and never throws. pino's own destination writes with
 * `fs.writeSync` and retries EAGAIN (and, on exit, EPIPE) every 100 ms on the main thread: with a
 * reader that stopped reading or went away, the server looped there for ever and never exited.
 * This one writes through the stream (asynchronous for pipes and sockets), drops lines once
 * `maxPending` bytes wait, and goes silent for good at the first error (EPIPE: nobody reads).
 */
export function logDestination(
  out: Writable = process.stdout,
  maxPending: number = MAX_PENDING_LOG_BYTES,
): LogDestination {
  let broken = false;
  let dropped = 0;
  out.on('error', () => {
    broken = true;
  });
  const gone = () => broken || out.destroyed || !out.writable;
  return {
    write(line) {
      if (gone() || out.writableLength > maxPending) {
        dropped++;
        return;
      }
      out.write(line);
    },
    dropped: () => dropped,
    drain(ms) {
      if (gone() || out.writableLength === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          out.off('drain', done);
          out.off('error', done);
          out.off('close', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        out.once('drain', done);
        out.once('error', done);
        out.once('close', done);
      });
    },
  };
}

/**
 * Keeps a closed stdout or stderr (EPIPE: the log reader went away) from crashing the process with
 * an unhandled 'error' in the middle of a request or a shutdown: what cannot be written is lost.
 */
export function ignoreStdioErrors() {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
