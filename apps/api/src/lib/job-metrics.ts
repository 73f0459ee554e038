/**
 * What this process saw of one job's runs, read by /metrics (modules/metrics): a run that
 * did the work is a success, one that threw is a failure; `busy` and `done` are neither.
 */
export type JobActivity = {
  /** Epoch seconds of the last run that did its work. */
  lastSuccessAt: number | null;
  /** Wall-clock seconds of the last run that worked or failed. */
  lastDurationSeconds: number | null;
  failures: number;
};

const activity = new Map<string, JobActivity>();

/** Every job this process has run, by name (per process: scrape every jobs process). */
export function jobActivity(): ReadonlyMap<string, Readonly<JobActivity>> {
  return activity;
}

function activityOf(name: string): JobActivity {
  let known = activity.get(name);
  if (!known) {
    known = { lastSuccessAt: null, lastDurationSeconds: null, failures: 0 };
    activity.set(name, known);
  }
  return known;
}

/**
 * Runs `work` as job `name` and records it for /metrics: its duration, and a success stamped `at`
 * when `worked` says it did the work (a skipped run leaves the figures alone), or a failure when
 * it throws. The error is rethrown: recording never changes what the caller sees.
 */
export async function observeJob<T>(
  name: string,
  work: () => Promise<T>,
  options: { at?: () => Date; worked?: (outcome: T) => boolean } = {},
): Promise<T> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let outcome: T;
  try {
    outcome = await work();
  } catch (error) {
    const seen = activityOf(name);
    seen.failures += 1;
    seen.lastDurationSeconds = seconds();
    throw error;
  }
  if (options.worked?.(outcome) ?? true) {
    const seen = activityOf(name);
    seen.lastDurationSeconds = seconds();
    seen.lastSuccessAt = (options.at?.() ?? new Date()).getTime() / 1000;
  }
  return outcome;
}
