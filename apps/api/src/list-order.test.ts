import { randomUUID } from 'node:crypto';
import { shortenAddress } from '@minecloud/contract/address';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../test/app.ts';
import { newProduct } from '../test/mining.ts';
import { fund, get, type Member, newMember, post } from '../test/money.ts';
import { expectNewestFirst, idsAcrossPowerOfTen, type ListedRow, scrambledTimes } from '../test/order.ts';
import { queryRows } from './db/client.ts';

// Every list a member or operator pages through or exports is newest first: by time, then by the
// id as a number (9 before 10 would be text). Each case makes 12 rows whose ids cross a power of
// ten, in pairs sharing a time, with times running against the ids, and reads every list and
// export that shows them (pageSize 100: the whole list; rows of other cases are left out).

let app: TestApp;
let owner: string;
let m: Member;
/** Invites the members of one case; `grandLeader` invites one member who invites those of another. */
let leader: Member;
let grandLeader: Member;
let productId: string;
let roundId: number;
let transferId: number;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await operatorToken(app);
  m = await newMember(app);
  leader = await newMember(app);
  grandLeader = await newMember(app);
  await fund(app, m.userId, 'USDT', '1000');
  productId = await newProduct(app);
  const [round] = await queryRows<{ id: string }>(
    app.db,
    sql`insert into equity_rounds (total_shares, shares_remaining, price_per_share, annual_yield_pct, term_days, open)
        values (1000, 1000, 1000000, '10', 30, false) returning id`,
  );
  roundId = Number(round?.id);
  const [transfer] = await queryRows<{ id: string }>(app.db, sql`select max(id)::text as id from transfers`);
  transferId = Number(transfer?.id);
});
afterAll(() => app.close());

async function consoleList(url: string): Promise<Record<string, unknown>[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/admin-api/${url}`,
    headers: { authorization: `Bearer ${owner}`, 'accept-language': 'en' },
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`GET ${url}: ${res.body}`);
  return body.data.list;
}
const consoleIds = async (url: string) => (await consoleList(url)).map((r) => String(r.id));

/** The first column of each line of a CSV export, after the title line. */
async function csvFirstColumn(url: string): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/admin-api/${url}`,
    headers: { authorization: `Bearer ${owner}` },
  });
  expect(res.headers['content-type'], url).toBe('text/csv; charset=utf-8');
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);
  return lines.map((line) => line.split(',')[0] as string);
}

async function memberList(member: Member, method: 'GET' | 'POST', url: string): Promise<Record<string, unknown>[]> {
  const res =
    method === 'GET'
      ? await get(app, member, `${url}${url.includes('?') ? '&' : '?'}pageNo=1&pageSize=100`)
      : await post(app, member, url, { pageNo: 1, pageSize: 100 });
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(res.body)}`);
  return res.body.data.list;
}
const memberIds = async (member: Member, method: 'GET' | 'POST', url: string) =>
  (await memberList(member, method, url)).map((r) => String(r.id));

/** `count` rows of `table` with ids across a power of ten and scrambled times, inserted by `insert`. */
async function rowsOf(
  table: string,
  insert: (values: SQL) => SQL,
  value: (id: number, at: string, i: number) => SQL,
  count = 12,
): Promise<ListedRow[]> {
  const ids = await idsAcrossPowerOfTen(app, table, count);
  const times = scrambledTimes(ids);
  await app.db.execute(
    insert(
      sql.join(
        ids.map((id, i) => value(id, (times[i] as Date).toISOString(), i)),
        sql`, `,
      ),
    ),
  );
  return ids.map((id, i) => ({ key: String(id), id, at: times[i] as Date }));
}

const addressOf = (id: number) => `0x${id.toString(16).padStart(40, '0')}`;

/** Members (users) with an email starting `prefix`, invited by `inviter` (or nobody). */
const usersRows = (prefix: string, inviter: number | null = null) =>
  rowsOf(
    'users',
    (values) =>
      sql`insert into users (id, address, email, inviter_id, department, created_at) overriding system value values ${values}`,
    (id, at) =>
      sql`(${id}, ${addressOf(id)}, ${`${prefix}-${id}@example.com`}, ${inviter}, ${inviter === null ? null : 1}, ${at}::timestamptz)`,
  );

/** The ids behind a list of shortened addresses (the member's team lists show no ids). */
const idsOfAddresses = (list: Record<string, unknown>[], rows: ListedRow[]) => {
  const byAddress = new Map(rows.map((r) => [shortenAddress(addressOf(r.id)), r.key]));
  return list.map((r) => byAddress.get(String(r.address)) ?? `other:${r.address}`);
};

const accountId = async (where: SQL) =>
  Number((await queryRows<{ id: string }>(app.db, sql`select id::text from accounts where ${where}`))[0]?.id);

/** Equity orders of the member `m`, begun at scrambled times. */
const equityOrderRows = () =>
  rowsOf(
    'equity_orders',
    (values) =>
      sql`insert into equity_orders (id, user_id, round_id, quantity, price_per_share, payment, annual_yield_pct, source,
            status, transfer_id, start_at, end_at)
          overriding system value values ${values}`,
    (id, at) =>
      sql`(${id}, ${m.userId}, ${roundId}, 1, 1000000, 1000000, '10', 'buy', 'active', ${transferId},
           ${at}::timestamptz, ${at}::timestamptz + interval '30 days')`,
  );

/** Which of a case's 12 feedback rows have a reply (not the pair either side of the power of ten). */
const ANSWERED = [0, 3, 8, 11];

type Case = {
  name: string;
  rows: () => Promise<ListedRow[]>;
  /** Each list or export showing the rows: their keys in the order shown. */
  lists: Record<string, (rows: ListedRow[]) => Promise<string[]>>;
};

const cases: Case[] = [
  {
    name: 'members',
    rows: () => usersRows('order-members'),
    lists: {
      'console members/page': () => consoleIds('members/page?q=order-members&pageSize=100'),
      'console members/export.csv': () => csvFirstColumn('members/export.csv?q=order-members'),
    },
  },
  {
    name: 'a member’s invitees',
    rows: () => usersRows('order-team', leader.userId),
    lists: {
      'console members/:id/team': () => consoleIds(`members/${leader.userId}/team?pageSize=100`),
      'member invite relation, direct': async (rows) => {
        const res = await get(app, leader, 'biz/invite-relation/get?pageNo=1&pageSize=100');
        return idsOfAddresses(res.body.data.direct, rows);
      },
    },
  },
  {
    name: 'a member’s invitees’ invitees',
    rows: async () => {
      const [child] = await queryRows<{ id: string }>(
        app.db,
        sql`insert into users (address, inviter_id, department) values (${addressOf(Date.now())}, ${grandLeader.userId}, 2)
            returning id::text`,
      );
      return usersRows('order-indirect', Number(child?.id));
    },
    lists: {
      'member invite relation, indirect': async (rows) => {
        const res = await get(app, grandLeader, 'biz/invite-relation/get?pageNo=1&pageSize=100');
        return idsOfAddresses(res.body.data.indirect, rows);
      },
    },
  },
  {
    name: 'ledger transfers',
    rows: async () => {
      const mine = await accountId(sql`user_id = ${m.userId} and asset = 'USDT' and kind = 'available'`);
      const system = await accountId(sql`system = 'adjustment' and asset = 'USDT'`);
      return rowsOf(
        'transfers',
        (values) =>
          sql`with v (id, asset, debit, credit, amount, kind, key, at) as (values ${values}),
              e as (insert into entries (kind, idempotency_key, created_at) select kind, key, at from v
                returning id, idempotency_key)
            insert into transfers (id, entry_id, asset, debit_account_id, credit_account_id, amount, kind, idempotency_key,
              created_at)
            overriding system value
            select v.id, e.id, v.asset, v.debit, v.credit, v.amount, v.kind, v.key, v.at from v join e on e.idempotency_key = v.key`,
        (id, at) =>
          sql`(${id}::bigint, 'USDT', ${system}::bigint, ${mine}::bigint, 1000000::bigint, 'adjustment',
            ${`order-${randomUUID()}`}, ${at}::timestamptz)`,
      );
    },
    lists: {
      'console members/:id/ledger': () => consoleIds(`members/${m.userId}/ledger?asset=USDT&pageSize=100`),
      'console members/:id/ledger/export.csv': () => csvFirstColumn(`members/${m.userId}/ledger/export.csv`),
      'member USDT records': () => memberIds(m, 'GET', 'biz/user-usdt-record/page'),
    },
  },
  {
    name: 'miners',
    rows: async () => {
      const [order] = await queryRows<{ id: string }>(
        app.db,
        sql`insert into miner_orders (user_id, product_id, quantity, unit_price, paid, hash_rate, burned, transfer_id, created_at)
            values (${m.userId}, ${productId}, 12, 1, 12, 12, 0, ${transferId}, now()) returning id::text`,
      );
      return rowsOf(
        'miners',
        (values) =>
          sql`insert into miners (id, user_id, order_id, product_id, hash_rate, status, start_at, end_at)
              overriding system value values ${values}`,
        (id, at) =>
          sql`(${id}, ${m.userId}, ${order?.id}, ${productId}, 1000000, 'mining', ${at}::timestamptz, ${at}::timestamptz + interval '30 days')`,
      );
    },
    lists: {
      'console members/:id/miners': () => consoleIds(`members/${m.userId}/miners?pageSize=100`),
      'member my miners': () => memberIds(m, 'POST', 'user_mining_machines/userMiningMachineInfoList'),
    },
  },
  {
    name: 'miner and equity orders',
    rows: async () => {
      const miner = await rowsOf(
        'miner_orders',
        (values) =>
          sql`insert into miner_orders (id, user_id, product_id, quantity, unit_price, paid, hash_rate, burned, transfer_id, created_at)
              overriding system value values ${values}`,
        (id, at) => sql`(${id}, ${m.userId}, ${productId}, 1, 1, 1, 1, 0, ${transferId}, ${at}::timestamptz)`,
      );
      const equity = await equityOrderRows();
      return [
        ...miner.map((r) => ({ ...r, key: `miner:${r.id}`, kind: 'miner' })),
        ...equity.map((r) => ({ ...r, key: `equity:${r.id}`, kind: 'equity' })),
      ];
    },
    lists: {
      'console members/:id/orders': async () =>
        (await consoleList(`members/${m.userId}/orders?pageSize=100`)).map((r) => `${r.kind}:${r.id}`),
    },
  },
  {
    name: 'equity orders',
    rows: () => equityOrderRows(),
    lists: { 'member equity orders': () => memberIds(m, 'GET', 'biz/equity-investment-order/page') },
  },
  {
    name: 'power records',
    rows: () =>
      rowsOf(
        'power_records',
        (values) =>
          sql`insert into power_records (id, user_id, source, kind, quantity, direction, release_at)
              overriding system value values ${values}`,
        (id, at) => sql`(${id}, ${m.userId}, 'own', 'purchase', 1000000, 'in', ${at}::timestamptz)`,
      ),
    lists: { 'member power records': () => memberIds(m, 'POST', 'powerOrder') },
  },
  {
    name: 'feedback',
    rows: () =>
      rowsOf(
        'feedback',
        (values) =>
          sql`insert into feedback (id, user_id, content, images, created_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, ${m.userId}, ${`question ${id}`}, '[]'::jsonb, ${at}::timestamptz)`,
      ),
    lists: {
      'console members/:id/feedback': () => consoleIds(`members/${m.userId}/feedback?pageSize=100`),
      'member feedback': () => memberIds(m, 'POST', 'user_problems/problemList'),
    },
  },
  {
    name: 'the feedback inbox (unanswered first)',
    rows: async () => {
      const asker = await newMember(app);
      const rows = await rowsOf(
        'feedback',
        (values) =>
          sql`insert into feedback (id, user_id, content, images, reply, created_at) overriding system value values ${values}`,
        (id, at, i) =>
          sql`(${id}, ${asker.userId}, 'inbox', '[]'::jsonb, ${ANSWERED.includes(i) ? 'answered' : null}, ${at}::timestamptz)`,
      );
      return rows.map((r, i) => ({ ...r, group: ANSWERED.includes(i) ? 1 : 0 }));
    },
    lists: { 'console feedback': () => consoleIds('feedback?pageSize=100') },
  },
  {
    name: 'withdrawals',
    rows: () =>
      rowsOf(
        'withdrawals',
        (values) =>
          sql`insert into withdrawals (id, user_id, asset, amount, fee, address, status, needs_second, lock_transfer_id, created_at)
              overriding system value values ${values}`,
        (id, at) =>
          sql`(${id}, ${m.userId}, 'USDT', 5000000, 1000000, ${addressOf(id)}, 'review', false, ${transferId}, ${at}::timestamptz)`,
      ),
    lists: {
      'console withdrawals/page': () => consoleIds('withdrawals/page?pageSize=100'),
      'console withdrawals/export.csv': () => csvFirstColumn('withdrawals/export.csv'),
      'member withdrawals': () => memberIds(m, 'GET', 'biz/withdraw/page'),
    },
  },
  {
    name: 'deposits',
    rows: () =>
      rowsOf(
        'deposits',
        (values) =>
          sql`insert into deposits (id, user_id, chain_id, tx_hash, created_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, ${m.userId}, 56, ${`0x${id.toString(16).padStart(64, '0')}`}, ${at}::timestamptz)`,
      ),
    lists: { 'member deposits': () => memberIds(m, 'GET', 'biz/deposit/page') },
  },
  {
    name: 'donations',
    rows: () =>
      rowsOf(
        'donations',
        (values) =>
          sql`insert into donations (id, user_id, asset, amount, transfer_id, created_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, ${m.userId}, 'USDT', 1000000, ${transferId}, ${at}::timestamptz)`,
      ),
    lists: {
      'member donations': async () =>
        (await get(app, null, 'donate_logs/list?pageNo=1&pageSize=100')).body.data.list.map(
          (r: { id: string }) => r.id,
        ),
      'public transparency totals': async () =>
        (await get(app, null, 'transparency/totals')).body.data.donations.recent.map((r: { id: string }) => r.id),
    },
  },
  {
    name: 'notices, as operators see them (by creation)',
    rows: () =>
      rowsOf(
        'notices',
        (values) =>
          sql`insert into notices (id, type, title, content_html, created_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, 'notice', ${`draft ${id}`}, '<p>x</p>', ${at}::timestamptz)`,
      ),
    lists: { 'console notices': () => consoleIds('notices?pageSize=100') },
  },
  {
    name: 'notices, as members see them (by publication)',
    rows: () =>
      rowsOf(
        'notices',
        (values) =>
          sql`insert into notices (id, type, title, content_html, status, published_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, 'article', ${`article ${id}`}, '<p>x</p>', 'published', ${at}::timestamptz)`,
      ),
    lists: { 'member notices': () => memberIds(m, 'GET', 'biz/biz-notice/page') },
  },
  {
    name: 'equity rounds',
    rows: () =>
      rowsOf(
        'equity_rounds',
        (values) =>
          sql`insert into equity_rounds (id, total_shares, shares_remaining, price_per_share, annual_yield_pct, term_days, open, created_at)
              overriding system value values ${values}`,
        (id, at) => sql`(${id}, 100, 100, 1000000, '8', 90, false, ${at}::timestamptz)`,
      ),
    lists: { 'console equity/rounds': () => consoleIds('equity/rounds?pageSize=100') },
  },
  {
    name: 'setting changes, as made',
    // The default value, all in effect from one past time (the setting does not change).
    rows: () =>
      rowsOf(
        'setting_changes',
        (values) =>
          sql`insert into setting_changes (id, key, value, effective_at, actor, created_at) overriding system value values ${values}`,
        (id, at) =>
          sql`(${id}, 'chain.confirmations', '12'::jsonb, now() - interval '2 days', 'operator:admin', ${at}::timestamptz)`,
      ),
    lists: { 'console config/changes': () => consoleIds('config/changes?key=chain.confirmations&pageSize=100') },
  },
  {
    name: 'setting changes, as they take effect',
    // Announced at one time, in effect at scrambled times (all past, all the default value).
    rows: () =>
      rowsOf(
        'setting_changes',
        (values) =>
          sql`insert into setting_changes (id, key, value, effective_at, actor) overriding system value values ${values}`,
        (id, at) => sql`(${id}, 'gold.perUsdt', '100'::jsonb, ${at}::timestamptz, 'operator:admin')`,
      ),
    lists: {
      'public transparency parameters': async () =>
        (await get(app, null, 'transparency/parameters')).body.data.changes.map((r: { id: string }) => r.id),
    },
  },
  {
    name: 'the audit log',
    rows: () =>
      rowsOf(
        'audit_log',
        (values) =>
          sql`insert into audit_log (id, actor, action, target, created_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, 'operator:admin', 'ordertest.change', ${`thing:${id}`}, ${at}::timestamptz)`,
      ),
    lists: {
      'console audit/page': () => consoleIds('audit/page?action=ordertest.&pageSize=100'),
      'console audit/export.csv': () => csvFirstColumn('audit/export.csv?action=ordertest.'),
    },
  },
  {
    name: 'the mail outbox',
    rows: () =>
      rowsOf(
        'mail_outbox',
        (values) =>
          sql`insert into mail_outbox (id, "to", template, locale, created_at) overriding system value values ${values}`,
        (id, at) => sql`(${id}, ${`m${id}@example.com`}, 'email_code', 'en', ${at}::timestamptz)`,
      ),
    lists: { 'console mail/outbox': () => consoleIds('mail/outbox?pageSize=100') },
  },
];

describe('every list is newest first: by time, then by the id as a number', () => {
  it.each(cases)('$name', async ({ rows: make, lists }) => {
    const rows = await make();
    for (const [what, list] of Object.entries(lists)) expectNewestFirst(await list(rows), rows, what);
  });

  it('the console’s job runs: by start, then job, then the later period', async () => {
    // Job runs have no id: runs starting together are told apart by their period.
    const days = Array.from({ length: 12 }, (_, i) => i + 4);
    const times = scrambledTimes(days);
    await app.db.execute(
      sql`insert into job_runs (job, period, started_at, finished_at, result, trigger) values ${sql.join(
        days.map(
          (day, i) =>
            sql`('pool', ${`2031-01-${String(day).padStart(2, '0')}`}, ${(times[i] as Date).toISOString()}::timestamptz,
                 ${(times[i] as Date).toISOString()}::timestamptz, 'ok', 'operator:admin')`,
        ),
        sql`, `,
      )}`,
    );
    const rows = days.map((day, i) => ({
      key: `2031-01-${String(day).padStart(2, '0')}`,
      id: day,
      at: times[i] as Date,
    }));
    const listed = (await consoleList('jobs/runs?job=pool&pageSize=100')).map((r) => String(r.period));
    expectNewestFirst(listed, rows, 'console jobs/runs');
  });
});
