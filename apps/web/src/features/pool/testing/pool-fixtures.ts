import type { PoolCurrent, PoolRound } from '@minecloud/contract/team';
import { page } from '@/test/calls';
import { balancesAnswer, CONFIG, DEMO_BALANCES, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures shared by the prize pool's tests (imported by tests only). */
export const HOUR = 60 * 60 * 1000;

export function poolCurrent(over: Partial<PoolCurrent> = {}): PoolCurrent {
  return {
    day: '2024-05-06',
    pool: '12500.759',
    rolloverIn: '2500.75',
    funded: '10000.009',
    endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    minForge: '10',
    winners: 5,
    weights: [40, 25, 15, 10, 10],
    participants: 6,
    ranking: [
      { rank: 1, address: '0xAAAA...1111', newPerformance: '5000.999', forged: '100', weightPct: 40 },
      { rank: 2, address: '0xf39F...2266', newPerformance: '3000', forged: '50.5', weightPct: 25 },
      { rank: 6, address: '0xBBBB...6666', newPerformance: '10', forged: '10', weightPct: 0 },
    ],
    myForged: '50.5',
    myRank: 2,
    myNewPerformance: '3000',
    ...over,
  };
}

// A local time, so the expected text holds in any time zone.
export const SETTLED = new Date(2024, 4, 6, 0, 0, 3).toISOString();

export function poolRound(day: string, over: Partial<PoolRound> = {}): PoolRound {
  return {
    day,
    pool: '1000.01',
    rolloverIn: '200',
    funded: '800.01',
    paid: '650',
    rounding: '0.01',
    rolloverOut: '350',
    participants: 3,
    // Two winning places that day: the third participant is past them, at 0%.
    weights: [40, 25],
    settledAt: SETTLED,
    ranking: [
      {
        rank: 1,
        address: '0xAAAA...1111',
        newPerformance: '900.5',
        forged: '20',
        weightPct: 40,
        amount: '400',
        transferId: '9001',
      },
      {
        rank: 2,
        address: '0xCCCC...2222',
        newPerformance: '400',
        forged: '10',
        weightPct: 25,
        amount: '250',
        transferId: '9002',
      },
      {
        rank: 3,
        address: '0xDDDD...3333',
        newPerformance: '0',
        forged: '10',
        weightPct: 0,
        amount: '0',
        transferId: null,
      },
    ],
    ...over,
  };
}

type Handlers = Parameters<typeof mockServer>[0];

/** The calls the prize pool may make, answered with demo data; `overrides` replace any of them. */
export function poolServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(DEMO_BALANCES),
    'GET /app-api/prizePool/current': () => ok(poolCurrent()),
    'GET /app-api/prizePool/history': () => page([poolRound('2024-05-05'), poolRound('2024-05-04')]),
    ...overrides,
  });
}
