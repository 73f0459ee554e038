import { ASSET_CALLS } from '@minecloud/contract/asset';
import { call } from '@minecloud/contract/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { routesOf } from '../../test/routes.ts';
import { declaredRoute, declaredRoutesOf } from './declared-route.ts';

/**
 * The routes of the three APIs not yet registered from a declaration in the contract
 * (docs/api.md, "Calls"). The list only shrinks: a new route must be declared, and a route declared
 * must leave the list.
 */
const UNDECLARED = new Set([
  'DELETE /admin-api/auth/email',
  'DELETE /admin-api/auth/passkeys/:id',
  'DELETE /admin-api/banners/:id',
  'DELETE /admin-api/operators/:id/passkeys',
  'DELETE /admin-api/reserves/addresses/:address',
  'GET /admin-api/audit/export.csv',
  'GET /admin-api/audit/page',
  'GET /admin-api/auth/email',
  'GET /admin-api/auth/me',
  'GET /admin-api/auth/passkeys',
  'GET /admin-api/banners',
  'GET /admin-api/config',
  'GET /admin-api/config/changes',
  'GET /admin-api/config/proposals',
  'GET /admin-api/dashboard',
  'GET /admin-api/equity/rounds',
  'GET /admin-api/feedback',
  'GET /admin-api/jobs',
  'GET /admin-api/jobs/runs',
  'GET /admin-api/ledger/adjustments',
  'GET /admin-api/ledger/adjustments/limits',
  'GET /admin-api/ledger/check',
  'GET /admin-api/mail/outbox',
  'GET /admin-api/members/:id',
  'GET /admin-api/members/:id/feedback',
  'GET /admin-api/members/:id/ledger',
  'GET /admin-api/members/:id/ledger/export.csv',
  'GET /admin-api/members/:id/miners',
  'GET /admin-api/members/:id/orders',
  'GET /admin-api/members/:id/team',
  'GET /admin-api/members/export.csv',
  'GET /admin-api/members/page',
  'GET /admin-api/notices',
  'GET /admin-api/operators',
  'GET /admin-api/operators/passkey-policy',
  'GET /admin-api/products',
  'GET /admin-api/reserves',
  'GET /admin-api/withdrawals/export.csv',
  'GET /admin-api/withdrawals/page',
  'GET /app-api/biz/biz-config/get/pool/total/power',
  'GET /app-api/biz/biz-user/get',
  'GET /app-api/biz/deposit/page',
  'GET /app-api/biz/equity-investment-order/daily-yield',
  'GET /app-api/biz/equity-investment-order/get',
  'GET /app-api/biz/equity-investment-order/page',
  'GET /app-api/biz/equity-investment/get',
  'GET /app-api/biz/invite-relation/get',
  'GET /app-api/biz/withdraw-address/list',
  'GET /app-api/biz/withdraw/page',
  'GET /app-api/dataBoard/communityInfo',
  'GET /app-api/guessPeriod/list',
  'GET /app-api/prizePool/current',
  'GET /app-api/prizePool/history',
  'GET /app-api/stream',
  'GET /app-api/uploads/:name',
  'GET /app-api/user_mining_machines/dailyOutput',
  'GET /market-api/blockCoin/coinInfoList',
  'GET /market-api/blockCoin/getCoinDetail',
  'GET /market-api/blockCoin/getKlineInfo',
  'GET /market-api/tokenMarketCondition/tokenMarketCondition',
  'POST /admin-api/auth/email',
  'POST /admin-api/auth/email/code',
  'POST /admin-api/auth/login',
  'POST /admin-api/auth/logout',
  'POST /admin-api/auth/passkey/login',
  'POST /admin-api/auth/passkey/options',
  'POST /admin-api/auth/passkeys',
  'POST /admin-api/auth/passkeys/options',
  'POST /admin-api/auth/password',
  'POST /admin-api/auth/totp/enable',
  'POST /admin-api/auth/totp/setup',
  'POST /admin-api/banners',
  'POST /admin-api/config/proposals/:id/approve',
  'POST /admin-api/config/proposals/:id/reject',
  'POST /admin-api/config/proposals/:id/withdraw',
  'POST /admin-api/equity/round',
  'POST /admin-api/feedback/:id/reply',
  'POST /admin-api/jobs/run',
  'POST /admin-api/ledger/adjust',
  'POST /admin-api/ledger/adjustments/:id/approve',
  'POST /admin-api/ledger/adjustments/:id/reject',
  'POST /admin-api/notices',
  'POST /admin-api/notices/:id/publish',
  'POST /admin-api/notices/:id/unpublish',
  'POST /admin-api/notices/preview',
  'POST /admin-api/operators',
  'POST /admin-api/operators/:id/reset',
  'POST /admin-api/operators/:id/unlock',
  'POST /admin-api/operators/:id/vouch',
  'POST /admin-api/operators/members',
  'POST /admin-api/products',
  'POST /admin-api/reserves/addresses',
  'POST /admin-api/reserves/signatures/upload',
  'POST /admin-api/withdrawals/approve',
  'POST /admin-api/withdrawals/payout-replaced',
  'POST /admin-api/withdrawals/reject',
  'POST /app-api/biz/biz-user/upload',
  'POST /app-api/biz/deposit/submit',
  'POST /app-api/biz/withdraw-address/create',
  'POST /app-api/biz/withdraw-address/delete',
  'POST /app-api/community_ranks/communityRank',
  'POST /app-api/dataBoard/departmentInfo',
  'POST /app-api/dataBoard/destroyData',
  'POST /app-api/levelConfig/levelConfig',
  'POST /app-api/powerOrder',
  'POST /app-api/user_mining_machines/addPerformanceRank',
  'POST /app-api/user_mining_machines/buyMiningMachineBanners',
  'POST /app-api/user_mining_machines/miningMachineList',
  'POST /app-api/user_mining_machines/userMiningMachineInfoList',
  'POST /market-api/blockCoin/coinInfoList',
  'POST /market-api/blockCoin/getCoinDetail',
  'POST /market-api/blockCoin/getKlineInfo',
  'POST /market-api/tokenMarketCondition/tokenMarketCondition',
  'PUT /admin-api/banners/:id',
  'PUT /admin-api/config/:key',
  'PUT /admin-api/notices/:id',
  'PUT /admin-api/operators/:id',
  'PUT /admin-api/operators/passkey-policy',
  'PUT /admin-api/products/:id',
]);

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('calls declared once', () => {
  it('registers every route of the APIs from its declaration, but for the listed ones not declared yet', () => {
    const declared = declaredRoutesOf(app);
    const routes = routesOf(app).filter((route) => /^\S+ \/(app|market|admin)-api\//.test(route));
    const notDeclared = routes.filter((route) => !declared.has(route));
    expect(new Set(notDeclared)).toEqual(UNDECLARED);
    // Every declaration registered is a route of the app, at its method and path.
    for (const route of declared) expect(routes).toContain(route);
    // Every money call is declared: moneyRoute takes nothing else.
    for (const money of ['POST /app-api/asset/send', 'POST /app-api/biz/user-usdt-record/withdraw'])
      expect(declared).toContain(money);
  });

  it("documents a declared call with the declaration's summary and tag", async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const gift = doc.paths[`/app-api/${ASSET_CALLS.gift.path}`].post;
    expect(gift.summary).toBe(ASSET_CALLS.gift.summary);
    expect(gift.tags).toEqual([ASSET_CALLS.gift.tag]);
    const donations = doc.paths[`/app-api/${ASSET_CALLS.donations.path}`].get;
    expect(donations.summary).toBe(ASSET_CALLS.donations.summary);
    // A public call asks for no token; a member's for the bearer token.
    expect(donations.security).toEqual([]);
    expect(doc.paths[`/app-api/${ASSET_CALLS.balances.path}`].get.security).toEqual([{ bearer: [] }]);
  });

  it('refuses to register a money call or an operator call as a plain route', async () => {
    const other = await buildTestApp({}, (built) => {
      expect(() =>
        declaredRoute(built, ASSET_CALLS.gift, async () => ({ code: 0, data: { transferId: '1' }, msg: '' })),
      ).toThrow(/moves money/);
      const operatorCall = call({ ...ASSET_CALLS.donations, auth: 'operator' });
      expect(() =>
        declaredRoute(built, operatorCall, async () => ({ code: 0, data: { list: [], total: 0 }, msg: '' })),
      ).toThrow(/not declared yet/);
    });
    await other.close();
  });
});
