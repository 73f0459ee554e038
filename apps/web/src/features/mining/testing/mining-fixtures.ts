import type { MinerProduct, MyMiner, PowerRecord } from '@minecloud/contract/miner';
import type { NetworkDaySummary } from '@/api/get-network-days';
import { page } from '@/test/calls';
import { balancesAnswer, CONFIG, DEMO_BALANCES, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures shared by the mining screens' tests (imported by tests only). */
export function product(id: string, over: Partial<MinerProduct> = {}): MinerProduct {
  return {
    id,
    name: `Antminer S${id}`,
    image: `/miners/${id}.svg`,
    hashRate: '100',
    keptHashRate: '95',
    burnRatePct: '5',
    price: '500',
    durationDays: 180,
    stock: 50,
    minQuantity: 1,
    dailyOutputBtc: '0.00012345',
    dailyOutputBasis: { output: 'fixed', day: null },
    ...over,
  };
}

// A local time, so the expected text holds in any time zone.
export const START = new Date(2024, 4, 3, 9, 5, 7).toISOString();
export const END = new Date(2024, 10, 1, 0, 0, 0).toISOString();

export function miner(id: string, over: Partial<MyMiner> = {}): MyMiner {
  return {
    id,
    productName: 'Antminer S19',
    image: '/miners/s19.svg',
    hashRate: '95',
    status: 'mining',
    startAt: START,
    endAt: END,
    outputBtc: '0.000123456',
    ...over,
  };
}

export function powerRecord(id: string, over: Partial<PowerRecord> = {}): PowerRecord {
  return {
    id,
    source: 'own',
    kind: 'purchase',
    quantity: '100',
    direction: 'in',
    releaseAt: START,
    ...over,
  };
}

/**
 * A network day of the demo's simulated chain paid in the network mode: 144 blocks of 3.125 BTC and
 * 28.8 BTC of fees; 2% pool fee. 95 TH/s × the rate paid = 0.0000476993827035, 0.00004769 BTC.
 */
export function networkDay(day: string, over: Partial<NetworkDaySummary> = {}): NetworkDaySummary {
  return {
    day,
    source: 'simulated',
    firstHeight: 870_000,
    lastHeight: 870_143,
    blocks: 144,
    subsidy: '450',
    fees: '28.8',
    difficulty: { low: '102289407543323.80', high: '102289407543323.80' },
    work: '63270000000000000000000000',
    btcPerTh: '0.0000005123456789',
    settled: { output: 'network', rate: '0.0000005020987653', poolFee: '0.02', members: 3, totalBtc: '0.00143' },
    ...over,
  };
}

type Handlers = Parameters<typeof mockServer>[0];

/** The calls every mining screen may make, answered with demo data; `overrides` replace any of them. */
export function miningServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(DEMO_BALANCES),
    'POST /app-api/user_mining_machines/buyMiningMachineBanners': () =>
      ok({
        list: [
          {
            id: 'm1',
            image: '/banners/mining.svg',
            title: 'Cloud mining',
            subtitle: '',
            link: '/pages/my_child/power/power',
            lang: 'en',
          },
        ],
      }),
    'POST /app-api/user_mining_machines/miningMachineList': () => page([product('1')]),
    'GET /app-api/biz/biz-config/get/pool/total/power': () =>
      ok({ totalHashRate: '12345.678', burnedHashRate: '649.77', miners: 130 }),
    'POST /app-api/dataBoard/destroyData': () => ok({ burnedHashRate: '649.77', burnedToday: '15' }),
    'GET /app-api/transparency/network-days': () => ok({ list: [] }),
    ...overrides,
  });
}

export { callsTo, failure, page } from '@/test/calls';
