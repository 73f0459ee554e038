import { compareDecimal } from '@minecloud/contract/decimal';
import type { Candle, RoundResult } from '@minecloud/contract/market';
import { type RoundCandles, recomputeRound } from '@minecloud/contract/transparency';

export type RoundVerdict =
  | 'match'
  | 'openMismatch'
  | 'closeMismatch'
  | 'resultMismatch'
  | 'missingCandles'
  | 'notKept'
  | 'pending';

/** A figure recomputed from the candles (null without its candle), and whether the round shows the same. */
type Recomputed<T> = { value: T | null; same: boolean | null };

export type RoundRecompute = {
  /** The contract's check (`recomputeRound`) decides it; `notKept` and `pending` come first. */
  verdict: RoundVerdict;
  /** The minutes the open and close are taken from, when stored. */
  first: Candle | null;
  last: Candle | null;
  figures: {
    open: Recomputed<string>;
    close: Recomputed<string>;
    result: Recomputed<Exclude<RoundResult, 'pending'>>;
  };
};

const MINUTE = 60_000;
const sameDecimal = (shown: string | null, value: string | null) =>
  shown === null || value === null ? null : compareDecimal(shown, value) === 0;

/**
 * What the check sheet shows: the contract's verdict, plus each figure recomputed on its own, so a
 * mismatch says which part differs (recomputeRound names only the first).
 */
export function recomputeForDisplay(answer: Pick<RoundCandles, 'round' | 'candles' | 'kept'>): RoundRecompute {
  const { round, candles } = answer;
  const start = Date.parse(round.startAt);
  const at = (time: number) => candles.find((candle) => Date.parse(candle.time) === time) ?? null;
  const first = at(start);
  const last = at(start + (round.period - 1) * MINUTE);
  const open = first?.open ?? null;
  const close = last?.close ?? null;
  // The rule itself (close against open) is the contract's; a mismatch still carries its figures.
  const check = recomputeRound(answer);
  const result: Exclude<RoundResult, 'pending'> | null = 'result' in check ? check.result : null;
  return {
    verdict: verdictOf(answer),
    first,
    last,
    figures: {
      open: { value: open, same: sameDecimal(round.openPrice, open) },
      close: { value: close, same: sameDecimal(round.closePrice, close) },
      result: { value: result, same: result === null || round.result === 'pending' ? null : round.result === result },
    },
  };
}

function verdictOf(answer: Pick<RoundCandles, 'round' | 'candles' | 'kept'>): RoundVerdict {
  if (answer.round.result === 'pending') return 'pending';
  if (!answer.kept) return 'notKept';
  const check = recomputeRound(answer);
  return check.ok ? 'match' : check.reason;
}
