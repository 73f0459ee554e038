import { describe, expect, it } from 'vitest';
import { poolRound } from '../testing/pool-fixtures';
import { goldText, payoutSum, placeShares, transferProblems } from './pool-check';

describe('pool check figures', () => {
  it('shows amounts exactly, and an amount that does not parse as given', () => {
    expect(goldText('1000.1')).toBe('1000.10');
    expect(goldText('0')).toBe('0.00');
    expect(goldText('400.004')).toBe('400.004');
  });

  it('gives each winning place ⌊pool × weight ÷ 100⌋ in whole units', () => {
    const round = poolRound('2024-05-05', { pool: '0.99' });
    const [first, second] = round.ranking;
    const shares = placeShares({
      ...round,
      ranking: [
        { ...first!, amount: '0.39' },
        { ...second!, amount: '0.25' },
      ],
    });
    // 99 units × 40% = 39.6 → 39; × 25% = 24.75 → 24.
    expect(shares).toEqual([
      { rank: 1, weightPct: 40, expected: '0.39', paid: '0.39', same: true },
      { rank: 2, weightPct: 25, expected: '0.24', paid: '0.25', same: false },
    ]);
  });

  it('adds the payouts, or gives up when one does not parse', () => {
    const round = poolRound('2024-05-05');
    expect(payoutSum(round)).toBe('650.00');
    expect(payoutSum({ ranking: [{ ...round.ranking[0]!, amount: 'x' }] })).toBeNull();
  });

  it('names a paid place without a transfer, and an unpaid place with one', () => {
    const [first, second, third] = poolRound('2024-05-05').ranking;
    expect(
      transferProblems({ ranking: [{ ...first!, transferId: null }, second!, { ...third!, transferId: '9003' }] }),
    ).toEqual([
      { rank: 1, kind: 'missing' },
      { rank: 3, kind: 'unexpected' },
    ]);
  });
});
