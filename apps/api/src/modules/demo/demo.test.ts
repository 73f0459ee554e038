import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { get } from '../../../test/money.ts';
import { bearer, signIn } from '../../../test/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { seedDemoSupport } from './seed.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ DEMO: '1' });
});
afterAll(() => app.close());

describe('demo mode', () => {
  it('seeds demo members and welcomes a new member with balances, all through the ledger', async () => {
    const { token, body } = await signIn(app);
    const me = await get(app, { userId: 0, token: token!, headers: bearer(token) }, 'biz/biz-user/get');
    expect(me.body.data.balances).toEqual({ GOLD: '5000', USDT: '1000', BTC: '0' });
    expect(Number(body.data.userId)).toBeGreaterThan(100003);
    const demo = await app.inject({
      method: 'GET',
      url: '/app-api/asset/receiver?userId=100001',
      headers: bearer(token),
    });
    expect(demo.json().data).toEqual({ id: '100001', address: '0xde30...0001' });
    expect((await checkLedger(app.db)).ok).toBe(true);
    const basic = await app.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
    expect(basic.json().data.demo).toBe(true);
    expect(basic.json().data.banners).toHaveLength(3);
  });

  it('sets the demo support email once, as an audited change, and no Telegram', async () => {
    const basic = await app.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
    expect(basic.json().data.customerService).toEqual({ email: 'support@example.com' });
    const audits = await queryRows<{ actor: string; after: { value: string } }>(
      app.db,
      sql`select actor, after from audit_log where action = 'config.set' and target like 'support.%'`,
    );
    expect(audits).toEqual([
      { actor: 'system:demo', after: expect.objectContaining({ value: 'support@example.com' }) },
    ]);
    expect(await seedDemoSupport(app.db)).toBe(false);
  });

  it('publishes demo notices and an article, none of them a pop-up', async () => {
    const page = (await app.inject({ method: 'GET', url: '/app-api/biz/biz-notice/page?pageNo=1&pageSize=10' })).json()
      .data;
    expect(page.total).toBe(3);
    expect(page.list.map((n: { type: string }) => n.type).sort()).toEqual(['article', 'notice', 'notice']);
    expect((await app.inject({ method: 'POST', url: '/app-api/businessNotice/showNotice' })).json().data).toBeNull();
  });
});
