import type { Round } from '@minecloud/contract/market';
import { page } from '@/test/calls';
import { mockServer } from '@/test/render-app';

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

/** The rounds call answered with one round of each result; `overrides` replace it. */
export function roundsServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/guessPeriod/list': ({ url }) => {
      const period = Number(url.searchParams.get('period'));
      return page([
        round(0, { period, result: 'pending', closePrice: null, settledAt: null }),
        round(1, { period }),
        round(2, { period, result: 'down', closePrice: '96990' }),
        round(3, { period, result: 'flat', closePrice: '97000.129' }),
      ]);
    },
    ...overrides,
  });
}
