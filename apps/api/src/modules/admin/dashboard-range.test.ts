import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { newProduct } from '../../../test/mining.ts';
import { fund } from '../../../test/money.ts';
import { operatorCall } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';
import { setSetting } from '../config/settings.ts';

// Noon of 2026-03-10 in Shanghai (UTC+8, no daylight saving): the dashboard's "today".
const clock = fixedClock('2026-03-10T04:00:00Z');
const TIME_ZONE = 'Asia/Shanghai';

let app: TestApp;
let admin: string;

type Day = { day: string; newMembers: number; purchases: string; deposits: string; withdrawals: string };
const ZERO = { newMembers: 0, purchases: '0', deposits: '0', withdrawals: '0' };

async function newUser(at: string): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    app.db,
    sql`insert into users (address, created_at)
        values ('0x' || substr(md5(random()::text) || md5(random()::text), 1, 40), ${at}::timestamptz) returning id`,
  );
  return Number(row!.id);
}

/** Any transfer's id, for the rows below that must name one (the dashboard reads their amounts only). */
async function someTransfer(userId: number): Promise<number> {
  await fund(app, userId, 'USDT', '1');
  const [row] = await queryRows<{ id: string }>(app.db, sql`select max(id)::text as id from transfers`);
  return Number(row!.id);
}

const board = (query = '') => operatorCall(app, admin, `dashboard${query}`);

beforeAll(async () => {
  app = await buildTestApp({}, undefined, { clock });
  admin = await operatorToken(app);
  await setSetting(app.db, 'settlement.timeZone', TIME_ZONE, 'test', { effectiveAt: new Date(0) });

  // 01:30 in Shanghai on the 10th (still the 9th in UTC): today's, twice.
  const member = await newUser('2026-03-09T17:30:00Z');
  await newUser('2026-03-09T17:45:00Z');
  // 08:00 on the 4th: the first day of 7. One second before the 4th in Shanghai: in 30 days, not 7.
  await newUser('2026-03-04T00:00:00Z');
  await newUser('2026-03-03T15:59:59Z');

  const transferId = await someTransfer(member);
  // Deposits on the 8th: USDT credited counts; BTC and a deposit still confirming do not.
  await app.db.execute(
    sql`insert into deposits (user_id, chain_id, tx_hash, asset, amount, status, transfer_id, created_at, credited_at) values
        (${member}, 56, '0xd1', 'USDT', 123456789, 'credited', ${transferId}, '2026-03-08T03:00:00Z', '2026-03-08T03:00:00Z'),
        (${member}, 56, '0xd2', 'USDT', 1000000, 'credited', ${transferId}, '2026-03-08T05:00:00Z', '2026-03-08T05:00:00Z'),
        (${member}, 56, '0xd3', 'BTC', 100000000, 'credited', ${transferId}, '2026-03-08T05:00:00Z', '2026-03-08T05:00:00Z'),
        (${member}, 56, '0xd4', 'USDT', 7000000, 'confirming', null, '2026-03-08T05:00:00Z', null)`,
  );
  // A paid withdrawal of 50.5 USDT with a 0.5 fee on the 7th: 50 left on chain.
  await app.db.execute(
    sql`insert into withdrawals (user_id, asset, amount, fee, address, status, needs_second, lock_transfer_id, created_at, arrived_at)
        values (${member}, 'USDT', 50500000, 500000, '0x0000000000000000000000000000000000000001', 'arrived', false,
                ${transferId}, '2026-03-07T01:00:00Z', '2026-03-07T02:00:00Z')`,
  );
  // A miner bought on the 6th for 120.000001 USDT.
  const product = await newProduct(app);
  await app.db.execute(
    sql`insert into miner_orders (user_id, product_id, quantity, unit_price, paid, hash_rate, burned, transfer_id, created_at)
        values (${member}, ${product}, 1, 120000001, 120000001, 1, 0, ${transferId}, '2026-03-06T10:00:00Z')`,
  );
});
afterAll(() => app.close());

describe('dashboard history ranges', () => {
  it('returns 7 days, today last, in the settlement time zone, with exact amounts and empty days as zeros', async () => {
    const res = await board('?days=7');
    expect(res.status).toBe(200);
    expect(res.body.data.days).toBe(7);
    const series = res.body.data.series as Day[];
    expect(series).toEqual([
      { day: '2026-03-04', ...ZERO, newMembers: 1 },
      { day: '2026-03-05', ...ZERO },
      { day: '2026-03-06', ...ZERO, purchases: '120.000001' },
      { day: '2026-03-07', ...ZERO, withdrawals: '50' },
      { day: '2026-03-08', ...ZERO, deposits: '124.456789' },
      { day: '2026-03-09', ...ZERO },
      { day: '2026-03-10', ...ZERO, newMembers: 2 },
    ]);
  });

  it('returns 30 days by default and 90 on request, one entry per day', async () => {
    for (const [query, days, first] of [
      ['', 30, '2026-02-09'],
      ['?days=30', 30, '2026-02-09'],
      ['?days=90', 90, '2025-12-11'],
    ] as const) {
      const res = await board(query);
      expect(res.status, query).toBe(200);
      const series = res.body.data.series as Day[];
      expect(res.body.data.days, query).toBe(days);
      expect(series, query).toHaveLength(days);
      expect(series[0]?.day, query).toBe(first);
      expect(series.at(-1)?.day, query).toBe('2026-03-10');
      // Consecutive days, none missing.
      const dates = series.map((d) => Date.parse(`${d.day}T00:00:00Z`));
      expect(
        dates.slice(1).every((t, i) => t - dates[i]! === 86_400_000),
        query,
      ).toBe(true);
      expect(
        series.find((d) => d.day === '2026-03-03'),
        query,
      ).toEqual({ day: '2026-03-03', ...ZERO, newMembers: 1 });
      expect(series.find((d) => d.day === '2026-03-08')?.deposits, query).toBe('124.456789');
    }
  });

  it('refuses any other range with 400', async () => {
    for (const query of ['?days=14', '?days=0', '?days=-7', '?days=7.0', '?days=abc', '?days=', '?days=365']) {
      const res = await board(query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).not.toBe(0);
    }
  });
});
