import type { EquityOrder, EquityRound } from '@minecloud/contract/equity';
import { page } from '@/test/calls';
import { balancesAnswer, CONFIG, DEMO_BALANCES, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';
import type { EquityOrderDetail } from '../api/get-equity-order';

/** Fixtures shared by the equity screens' tests (imported by tests only). */
export function round(over: Partial<EquityRound> = {}): EquityRound {
  return {
    id: '3',
    totalShares: 10_000,
    sharesRemaining: 7_000,
    pricePerShare: '100',
    annualYieldPct: '12',
    minQuantity: 1,
    termDays: 365,
    btcSharePct: '50',
    minReinvestU: '100',
    tradingOpen: false,
    repurchaseOpen: false,
    ...over,
  };
}

// A local time, so the expected text holds in any time zone.
export const CREATED = new Date(2024, 4, 3, 9, 5, 7).toISOString();
export const ENDS = new Date(2025, 4, 4, 0, 0, 0).toISOString();

export function order(id: string, over: Partial<EquityOrder> = {}): EquityOrder {
  return {
    id,
    quantity: 3,
    payment: '300',
    pricePerShare: '100',
    annualYieldPct: '12',
    source: 'buy',
    status: 'active',
    createdAt: CREATED,
    endsAt: ENDS,
    ...over,
  };
}

export function orderDetail(id: string, over: Partial<EquityOrderDetail> = {}): EquityOrderDetail {
  return {
    ...order(id),
    totalStaticU: '0.004931',
    totalStaticBtc: '0.00000152',
    availableStaticU: '12.345678',
    availableStaticBtc: '0',
    days: [
      { day: '2024-05-06', usdt: '0.049315', btc: '0.00000076', btcPrice: '64850.5', priceSource: 'market' },
      { day: '2024-05-05', usdt: '0.049315', btc: '0.00000076', btcPrice: '65000', priceSource: 'fallback' },
      { day: '2024-05-04', usdt: '0.049315', btc: '0.00000077', btcPrice: '64010.25', priceSource: 'simulated' },
    ],
    ...over,
  };
}

/** An answer of biz/biz-user/get/earnings. */
export function earningsAnswer(usdtAvailable: string, btcAvailable = '0') {
  return ok({
    USDT: { total: usdtAvailable, available: usdtAvailable },
    BTC: { total: btcAvailable, available: btcAvailable },
    referralTotalU: '0',
  });
}

type Handlers = Parameters<typeof mockServer>[0];

/** The calls every equity screen may make, answered with demo data; `overrides` replace any of them. */
/** 30 settled days of dividends, oldest first (2024-05-01 to 30): `paid` the last days' {usdt, btc, value}. */
export function dividendDays(paid: { usdt: string; btc: string; value: string }[] = []) {
  return Array.from({ length: 30 }, (_, i) => ({
    day: `2024-05-${String(i + 1).padStart(2, '0')}`,
    ...(paid[i - (30 - paid.length)] ?? { usdt: '0', btc: '0', value: '0' }),
  }));
}

export function equityServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(DEMO_BALANCES),
    'GET /app-api/biz/biz-user/get/earnings': () => earningsAnswer('500'),
    'GET /app-api/biz/equity-investment/get': () => ok(round()),
    'GET /app-api/biz/equity-investment-order/page': () => page([]),
    'GET /app-api/biz/equity-investment-order/daily-yield': () => ok({ list: dividendDays() }),
    ...overrides,
  });
}

export { callsTo, failure, page } from '@/test/calls';
