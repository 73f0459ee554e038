import { describe, expect, it } from 'vitest';
import { type Attempt, RETRY_FIRST_DELAY_MS, RETRY_TRIES, retryState } from './retry.ts';

const MINUTE = 60_000;
const start = new Date('2026-11-21T16:00:05Z').getTime();
/** When the next try of `tries` may start (the test fails if it may not). */
function nextTry(tries: Attempt[], round: string): Date {
  const at = retryState(tries, round)?.nextTryAt;
  if (!at) throw new Error('no next try');
  return at;
}
/** `n` failed tries of one period in `round`, each made when the one before allowed it. */
function failures(n: number, round = '2026-11-21'): Attempt[] {
  const tries: Attempt[] = [];
  for (let i = 0; i < n; i++) {
    const next = i === 0 ? start : nextTry(tries, round).getTime();
    tries.push({ round, failedAt: new Date(next + 1_000), error: `boom ${i + 1}` });
  }
  return tries;
}

describe('retries of a failed period', () => {
  it('has nothing to wait for when the period never failed', () => {
    expect(retryState([], '2026-11-21')).toBeNull();
  });

  it('waits one minute after the first failure, then twice as long after each next one', () => {
    const delays = [1, 2, 3, 4, 5].map((n) => {
      const tries = failures(n);
      const state = retryState(tries, '2026-11-21');
      expect(state).toMatchObject({ attempts: n, lastError: `boom ${n}` });
      return (nextTry(tries, '2026-11-21').getTime() - (tries.at(-1) as Attempt).failedAt.getTime()) / MINUTE;
    });
    expect(delays).toEqual([1, 2, 4, 8, 16]);
    expect(RETRY_FIRST_DELAY_MS).toBe(MINUTE);
  });

  it('stops after six tries in a round, all within about half an hour, long before the next start', () => {
    const tries = failures(RETRY_TRIES);
    expect(RETRY_TRIES).toBe(6);
    expect(retryState(tries, '2026-11-21')).toMatchObject({ attempts: 6, nextTryAt: null });
    expect((tries.at(-1) as Attempt).failedAt.getTime() - start).toBeLessThan(35 * MINUTE);
  });

  it("tries at once in the next round (the job's next scheduled start), counting every try", () => {
    const tries = failures(RETRY_TRIES);
    const state = retryState(tries, '2026-11-22');
    expect(state?.attempts).toBe(6);
    expect(state?.nextTryAt).toEqual((tries.at(-1) as Attempt).failedAt);
    const more = [...tries, { round: '2026-11-22', failedAt: new Date(start + 86_400_000), error: 'again' }];
    expect(retryState(more, '2026-11-22')).toMatchObject({
      attempts: 7,
      lastError: 'again',
      nextTryAt: new Date(start + 86_400_000 + MINUTE),
    });
  });
});
