/**
 * How a failed run of a scheduled job is tried again (docs/operations.md, section 5 "Retries"): one
 * minute after the first failure, then 2, 4, 8 and 16 minutes after each next one: six tries within
 * about half an hour, long before the job's next scheduled start a day later. Then the period waits
 * for an operator (console Jobs → run) or for the next round: a round is the job's latest period at
 * the time of a try, so each day's scheduled start brings six tries more. The tries are the rows of
 * `job_attempts` (jobs/runner.ts writes one per failed run).
 */
export const RETRY_TRIES = 6;
export const RETRY_FIRST_DELAY_MS = 60_000;

/** A failed try of a period, as `job_attempts` keeps it. */
export type Attempt = { round: string; failedAt: Date; error: string };

export type RetryState = {
  /** Failed tries of the period so far, in every round. */
  attempts: number;
  lastError: string;
  lastFailedAt: Date;
  /** When the next try may start by itself; null when this round's tries are spent. */
  nextTryAt: Date | null;
};

/** Where a period's retries stand in `round`, from its failed tries (oldest first); null if none failed. */
export function retryState(attempts: readonly Attempt[], round: string): RetryState | null {
  const last = attempts.at(-1);
  if (!last) return null;
  const inRound = attempts.filter((a) => a.round === round).length;
  let nextTryAt: Date | null;
  if (inRound >= RETRY_TRIES) nextTryAt = null;
  // A new round: the scheduled start that opened it tries at once.
  else if (inRound === 0) nextTryAt = last.failedAt;
  else nextTryAt = new Date(last.failedAt.getTime() + RETRY_FIRST_DELAY_MS * 2 ** (inRound - 1));
  return { attempts: attempts.length, lastError: last.error, lastFailedAt: last.failedAt, nextTryAt };
}
