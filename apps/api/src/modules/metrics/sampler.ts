import type { FastifyBaseLogger } from 'fastify';
import { type Counter, Gauge, type Registry } from 'prom-client';

/**
 * A gauge without labels that is absent, not 0, while its figure is unknown (never read, or the
 * read late): prom-client would show 0, and `minecloud_ledger_invariant_ok 0` means "broken".
 */
export class OptionalGauge extends Gauge {
  readonly #read: () => Promise<number | null>;
  constructor(registry: Registry, name: string, help: string, read: () => Promise<number | null>) {
    super({ name, help, registers: [registry] });
    this.#read = read;
  }
  override async get() {
    const value = await this.#read();
    this.reset();
    if (value !== null) this.set(value);
    const metric = await super.get();
    return value === null ? { ...metric, values: [] } : metric;
  }
}

export type Sample<T> = { value: T; at: number };

export type Sampler<T> = {
  /** The latest value read, refreshed when older than `maxAgeMs`; null if none was ever read. */
  get(): Promise<Sample<T> | null>;
};

type SamplerOptions = {
  name: string;
  /** A value younger than this is served without reading again. */
  maxAgeMs: number;
  /** The longest a scrape waits for a read; the read goes on and serves later scrapes. */
  timeoutMs: number;
  failures: Counter<'sample' | 'reason'>;
  log: FastifyBaseLogger;
};

/**
 * A figure read at most every `maxAgeMs`, one read at a time, never awaited beyond `timeoutMs`:
 * when a read fails or is late, the last value is served (its age is a metric of its own).
 */
export function sampler<T>(read: () => Promise<T>, options: SamplerOptions): Sampler<T> {
  let last: Sample<T> | null = null;
  /** The read under way, and whether a scrape already gave up on it (counted once per read). */
  let reading: { done: Promise<void>; late: boolean } | null = null;
  const refresh = () =>
    read().then(
      (value) => {
        last = { value, at: Date.now() };
      },
      (error: unknown) => {
        options.failures.inc({ sample: options.name, reason: 'error' });
        options.log.warn({ err: error, sample: options.name }, 'metrics sample failed');
      },
    );
  return {
    async get() {
      if (last && Date.now() - last.at < options.maxAgeMs) return last;
      if (!reading) {
        const current = { done: refresh().finally(() => (reading = null)), late: false };
        reading = current;
      }
      const current = reading;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), options.timeoutMs);
        timer.unref();
      });
      const outcome = await Promise.race([current.done.then(() => 'read' as const), late]);
      clearTimeout(timer);
      if (outcome === 'late' && !current.late) {
        current.late = true;
        options.failures.inc({ sample: options.name, reason: 'timeout' });
      }
      return last;
    },
  };
}
