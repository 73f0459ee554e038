import { parseAmount } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import type { PoolRound } from '@minecloud/contract/team';

/**
 * The figures a closed round's check shows beside the contract's verdict (`checkPoolRound`): what
 * each winning place was due, what the payouts add up to, and which places lack (or should not
 * have) a transfer. Exact gold-coin units throughout.
 */

const goldUnits = (text: string): bigint | null => {
  const parsed = parseAmount(text, 'GOLD');
  return parsed.ok ? parsed.units : null;
};

/** An amount of the round as it reads in the check: exact, at least 2 decimals; as given when it does not parse. */
export function goldText(text: string): string {
  const units = goldUnits(text);
  return units === null ? text : exactAmountText(units, 'GOLD');
}

export type PlaceShare = {
  rank: number;
  weightPct: number;
  /** ⌊pool × weight ÷ 100⌋; null when the pool does not parse. */
  expected: string | null;
  paid: string;
  same: boolean;
};

/** The places that won (a weight) or were paid, each with what it was due and what it got. */
export function placeShares(round: Pick<PoolRound, 'pool' | 'ranking'>): PlaceShare[] {
  const pool = goldUnits(round.pool);
  return round.ranking
    .filter((row) => row.weightPct > 0 || (goldUnits(row.amount) ?? 1n) !== 0n)
    .map((row) => {
      const due = pool === null ? null : (pool * BigInt(row.weightPct)) / 100n;
      return {
        rank: row.rank,
        weightPct: row.weightPct,
        expected: due === null ? null : exactAmountText(due, 'GOLD'),
        paid: goldText(row.amount),
        same: due !== null && goldUnits(row.amount) === due,
      };
    });
}

/** What the places' payouts add up to; null when one of them does not parse. */
export function payoutSum(round: Pick<PoolRound, 'ranking'>): string | null {
  let sum = 0n;
  for (const row of round.ranking) {
    const units = goldUnits(row.amount);
    if (units === null) return null;
    sum += units;
  }
  return exactAmountText(sum, 'GOLD');
}

export type TransferProblem = { rank: number; kind: 'missing' | 'unexpected' };

/** Places paid without naming their transfer, and places that won nothing yet name one. */
export function transferProblems(round: Pick<PoolRound, 'ranking'>): TransferProblem[] {
  return round.ranking.flatMap((row): TransferProblem[] => {
    const paid = (goldUnits(row.amount) ?? 0n) > 0n;
    if (paid && row.transferId === null) return [{ rank: row.rank, kind: 'missing' }];
    if (!paid && row.transferId !== null) return [{ rank: row.rank, kind: 'unexpected' }];
    return [];
  });
}
