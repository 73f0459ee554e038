import { describe, expect, it } from 'vitest';
import type { Round } from './market.ts';
import type { PoolRound } from './team.ts';
import { checkPoolRound, recomputeRound } from './transparency.ts';

const round = (over: Partial<Round> = {}): Round => ({
  periodNo: 202611230726,
  period: 3,
  symbol: 'BTCUSDT',
  startAt: '2026-11-23T07:00:00.000Z',
  endAt: '2026-11-23T07:03:00.000Z',
  openPrice: '100.5',
  closePrice: '101',
  result: 'up',
  settledAt: '2026-11-23T07:03:05.000Z',
  source: 'exchange',
  ...over,
});
const candle = (minute: number, open: string, close: string) => ({
  time: `2026-11-23T07:0${minute}:00.000Z`,
  open,
  high: '999',
  low: '1',
  close,
  volume: '1',
});
const candles = [candle(0, '100.50', '100'), candle(1, '100', '102'), candle(2, '102', '101.0')];

describe('recomputeRound', () => {
  it('takes the first minute open and the last minute close, and agrees with a true round', () => {
    expect(recomputeRound({ round: round(), candles })).toEqual({
      ok: true,
      open: '100.50',
      close: '101.0',
      result: 'up',
    });
    expect(
      recomputeRound({
        round: round({ period: 1, endAt: '2026-11-23T07:01:00.000Z', closePrice: '100', result: 'down' }),
        candles,
      }),
    ).toMatchObject({
      ok: true,
      result: 'down',
    });
  });

  it('catches a changed result, open or close, and a missing minute', () => {
    expect(recomputeRound({ round: round({ result: 'down' }), candles })).toEqual({
      ok: false,
      reason: 'resultMismatch',
      open: '100.50',
      close: '101.0',
      result: 'up',
    });
    expect(recomputeRound({ round: round({ openPrice: '100.4' }), candles })).toEqual({
      ok: false,
      reason: 'openMismatch',
      open: '100.50',
      close: '101.0',
      result: 'up',
    });
    expect(recomputeRound({ round: round({ closePrice: '101.01' }), candles })).toEqual({
      ok: false,
      reason: 'closeMismatch',
      open: '100.50',
      close: '101.0',
      result: 'up',
    });
    expect(recomputeRound({ round: round(), candles: candles.slice(0, 2) })).toEqual({
      ok: false,
      reason: 'missingCandles',
    });
    expect(recomputeRound({ round: round({ openPrice: null, result: 'pending' }), candles })).toMatchObject({
      ok: false,
      reason: 'openMismatch',
    });
  });
});

const pool = (over: Partial<PoolRound> = {}): PoolRound => ({
  day: '2026-11-22',
  pool: '1000.01',
  rolloverIn: '200.00',
  funded: '800.01',
  paid: '800.00',
  rounding: '0.00',
  rolloverOut: '200.01',
  participants: 3,
  weights: [40, 25, 15, 10, 10],
  settledAt: '2026-11-23T00:00:01.000Z',
  ranking: [
    {
      rank: 1,
      address: '0x12…ab',
      newPerformance: '300',
      forged: '10',
      weightPct: 40,
      amount: '400.00',
      transferId: '11',
    },
    {
      rank: 2,
      address: '0x34…cd',
      newPerformance: '200',
      forged: '10',
      weightPct: 25,
      amount: '250.00',
      transferId: '12',
    },
    {
      rank: 3,
      address: '0x56…ef',
      newPerformance: '0',
      forged: '10',
      weightPct: 15,
      amount: '150.00',
      transferId: '13',
    },
    { rank: 6, address: '0x78…01', newPerformance: '0', forged: '10', weightPct: 0, amount: '0', transferId: null },
  ],
  ...over,
});

describe('checkPoolRound', () => {
  it('passes a round whose payouts add up to its pool', () => {
    expect(checkPoolRound(pool()).ok).toBe(true);
  });

  it('fails a payout off by one unit, a pool that does not add up, a missing transfer', () => {
    const [first, ...rest] = pool().ranking;
    const off = pool({ ranking: [{ ...(first as PoolRound['ranking'][number]), amount: '400.01' }, ...rest] });
    expect(checkPoolRound(off)).toMatchObject({ ok: false, payoutsMatchWeights: false, paidAddsUp: false });
    expect(checkPoolRound(pool({ funded: '800.00' }))).toMatchObject({ ok: false, poolAddsUp: false });
    expect(checkPoolRound(pool({ rolloverOut: '200.00' }))).toMatchObject({ ok: false, poolAccountedFor: false });
    // A place paid by a weight other than the one in force for its rank.
    expect(checkPoolRound(pool({ weights: [40, 25, 10, 10, 10] }))).toMatchObject({
      ok: false,
      weightsFollowed: false,
    });
    const unnamed = pool({ ranking: [{ ...(first as PoolRound['ranking'][number]), transferId: null }, ...rest] });
    expect(checkPoolRound(unnamed)).toMatchObject({ ok: false, transfersNamed: false });
    expect(checkPoolRound(pool({ paid: 'lots' })).ok).toBe(false);
  });
});
