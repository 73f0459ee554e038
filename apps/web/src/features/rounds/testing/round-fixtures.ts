import { API } from '@minecloud/contract/api-paths';
import type { Candle, Round } from '@minecloud/contract/market';
import type { RoundCandles } from '@minecloud/contract/transparency';
import { page } from '@/test/calls';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures shared by the draw history's tests (imported by tests only). */

// Local times, so the expected text holds in any time zone.
export const START = new Date(2026, 10, 23, 7, 24);

export function round(index: number, over: Partial<Round> = {}): Round {
  const period = over.period ?? 1;
  const startAt = new Date(START.getTime() - index * period * 60_000);
  const endAt = new Date(startAt.getTime() + period * 60_000);
  return {
    periodNo: 202611230444 - index,
    period,
    symbol: 'BTCUSDT',
    startAt: startAt.toISOString(),
    endAt: endAt.toISOString(),
    openPrice: '97000.129',
    closePrice: '97010.5',
    result: 'up',
    settledAt: endAt.toISOString(),
    source: 'exchange',
    ...over,
  };
}

export const rounds = (from: number, count: number, over: Partial<Round> = {}) =>
  Array.from({ length: count }, (_, i) => round(from + i, over));

type Handlers = Parameters<typeof mockServer>[0];

/** One round of each result: pending, up, down, flat. */
export const listedRounds = (period: number) => [
  round(0, { period, result: 'pending', closePrice: null, settledAt: null }),
  round(1, { period }),
  round(2, { period, result: 'down', closePrice: '96990' }),
  round(3, { period, result: 'flat', closePrice: '97000.129' }),
];

/**
 * The rounds call answered with one round of each result, and each round's candles agreeing with it
 * (none yet for the pending one); `overrides` replace them.
 */
export function roundsServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/guessPeriod/list': ({ url }) => page(listedRounds(Number(url.searchParams.get('period')))),
    [CANDLES_PATH]: ({ url }) => {
      const periodNo = Number(url.searchParams.get('periodNo'));
      const shown = listedRounds(Number(url.searchParams.get('period'))).find((r) => r.periodNo === periodNo);
      if (!shown) return { status: 404, body: { code: 404, data: null, msg: '内容不存在' } };
      return candlesAnswer(shown, shown.result === 'pending' ? { candles: [] } : {});
    },
    ...overrides,
  });
}

/**
 * The 1-minute candles of `shown`, oldest first: the first opens at its open price and the last
 * closes at its close price (97000.129 → 97010.5 by default, an up round); `over` changes them.
 */
export function candlesOf(shown: Round, over: { open?: string; close?: string } = {}): Candle[] {
  const start = Date.parse(shown.startAt);
  return Array.from({ length: shown.period }, (_, i) => ({
    time: new Date(start + i * 60_000).toISOString(),
    open: i === 0 ? (over.open ?? shown.openPrice ?? '97000.129') : `9700${i}.5`,
    high: '97020.75',
    low: '96990.01',
    close: i === shown.period - 1 ? (over.close ?? shown.closePrice ?? '97010.5') : `9700${i + 1}.5`,
    volume: '12.5',
  }));
}

export const CANDLES_PATH = `GET /app-api/${API.roundCandles}`;

/** The answer of `API.roundCandles` for `shown`: its candles, kept, from the exchange. */
export const candlesAnswer = (shown: Round, over: Partial<RoundCandles> = {}) =>
  ok({ round: shown, candles: candlesOf(shown), kept: true, source: 'exchange', ...over } satisfies RoundCandles);
