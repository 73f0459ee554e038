import { balancesAnswer, CONFIG, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';

/** The my assets page's answers (imported by tests only): a member with balances and earnings. */
const EARNINGS = {
  USDT: { total: '25.5', available: '0' },
  BTC: { total: '0.00002', available: '0.00001234' },
  referralTotalU: '5',
};

export const BALANCES = {
  GOLD: { available: '5000' },
  USDT: { available: '10.999999', locked: '3.5' },
  BTC: { available: '0.000000019', earnings: '0.00001234' },
};

export function server(overrides: Parameters<typeof mockServer>[0] = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(BALANCES),
    'GET /app-api/biz/biz-user/get/earnings': () => ok(EARNINGS),
    // The donation page lists donations: answered, so no late error toast outlives a test that opens it.
    'GET /app-api/donate_logs/list': () => ok({ list: [], total: 0 }),
    ...overrides,
  });
}
