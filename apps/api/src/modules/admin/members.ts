import { ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import { formatHashRate } from '@minecloud/contract/miner';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, isoTime, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { fail } from '../../lib/errors.ts';

type Page = { pageNo: number; pageSize: number };

/** `%` and `_` in a search are plain characters. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
}

/** ID (exact), address (its start, any case) or email (its start, any case). */
function memberFilter(q: string | undefined): SQL {
  if (!q) return sql``;
  const prefix = likePrefix(q);
  const byId = /^\d{1,18}$/.test(q) ? sql`u.id = ${q}::bigint or ` : sql``;
  return sql`where (${byId}lower(u.address) like ${prefix} or lower(u.email) like ${prefix})`;
}

type MemberDbRow = {
  id: string;
  address: string;
  email: string | null;
  identity: string;
  level: number;
  inviter_id: string | null;
  created_at: string;
  gold: string;
  usdt: string;
  btc: string;
};

const memberColumns = sql`u.id::text, u.address, u.email, u.identity, u.level::int as level, u.inviter_id::text,
  u.created_at::text,
  coalesce((select balance from accounts a where a.user_id = u.id and a.asset = 'GOLD' and a.kind = 'available'), 0)::text as gold,
  coalesce((select balance from accounts a where a.user_id = u.id and a.asset = 'USDT' and a.kind = 'available'), 0)::text as usdt,
  coalesce((select balance from accounts a where a.user_id = u.id and a.asset = 'BTC' and a.kind = 'available'), 0)::text as btc`;

function memberRow(r: MemberDbRow) {
  return {
    id: r.id,
    address: r.address,
    email: r.email,
    identity: r.identity,
    level: r.level,
    inviterId: r.inviter_id,
    createdAt: isoTime(r.created_at) as string,
    balances: {
      GOLD: formatAmount(BigInt(r.gold), 'GOLD'),
      USDT: formatAmount(BigInt(r.usdt), 'USDT'),
      BTC: formatAmount(BigInt(r.btc), 'BTC'),
    },
  };
}

export async function memberPage(db: Db, query: Page & { q?: string | undefined }) {
  const where = memberFilter(query.q);
  const rows = await queryRows<MemberDbRow>(
    db,
    sql`select ${memberColumns} from users u ${where} order by ${newestFirst('u', 'created_at')} ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users u ${where}`);
  return { list: rows.map(memberRow), total: count?.n ?? 0 };
}

export async function memberDetail(db: Db, id: number) {
  const [row] = await queryRows<MemberDbRow & { withdraw_address: string | null; department: number | null }>(
    db,
    sql`select ${memberColumns}, u.withdraw_address, u.department::int as department from users u where u.id = ${id}`,
  );
  if (!row) return fail('memberNotFound');
  const balances = await queryRows<{ asset: Asset; kind: string; balance: string }>(
    db,
    sql`select asset, kind, balance::text from accounts where user_id = ${id}`,
  );
  const [power] = await queryRows<{ units: string }>(
    db,
    sql`select coalesce(sum(hash_rate), 0)::text as units from miners where user_id = ${id} and status = 'mining'`,
  );
  const [direct] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where inviter_id = ${id}`,
  );
  const of = (asset: Asset, kind: string) =>
    formatAmount(BigInt(balances.find((b) => b.asset === asset && b.kind === kind)?.balance ?? '0'), asset);
  return {
    ...memberRow(row),
    withdrawAddress: row.withdraw_address,
    department: row.department,
    accounts: ASSETS.map((asset) => ({
      asset,
      available: of(asset, 'available'),
      locked: of(asset, 'locked'),
      earnings: of(asset, 'earnings'),
    })),
    hashRate: formatHashRate(BigInt(power?.units ?? '0')),
    directMembers: direct?.n ?? 0,
  };
}

/**
 * A member's ledger: every transfer into or out of one of their accounts, newest first, signed from
 * that account's side (a move between two of their own accounts shows as two lines).
 */
export async function memberLedger(db: Db, id: number, query: Page & { asset?: Asset | undefined }) {
  const assetFilter = query.asset ? sql`and asset = ${query.asset}` : sql``;
  const mine = sql`(select id, kind from accounts where user_id = ${id} ${assetFilter})`;
  const lines = sql`
    select t.id, t.created_at, t.asset, t.kind, t.amount as amount, m.kind as account, o.system, o.user_id, o.kind as other_kind, t.reference
      from transfers t join ${mine} m on m.id = t.credit_account_id join accounts o on o.id = t.debit_account_id
    union all
    select t.id, t.created_at, t.asset, t.kind, -t.amount, m.kind, o.system, o.user_id, o.kind, t.reference
      from transfers t join ${mine} m on m.id = t.debit_account_id join accounts o on o.id = t.credit_account_id`;
  const rows = await queryRows<{
    id: string;
    created_at: string;
    asset: Asset;
    kind: string;
    amount: string;
    account: string;
    system: string | null;
    user_id: string | null;
    other_kind: string;
    reference: string | null;
  }>(
    db,
    sql`select id::text, created_at::text, asset, kind, amount::text, account, system, user_id::text, other_kind, reference
        from (${lines}) l order by ${newestFirst('l', 'created_at')}, l.amount asc ${pageClause(query)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${lines}) l`);
  return {
    list: rows.map((r) => {
      const units = BigInt(r.amount);
      const magnitude = formatAmount(units < 0n ? -units : units, r.asset);
      return {
        id: r.id,
        createdAt: isoTime(r.created_at) as string,
        asset: r.asset,
        kind: r.kind,
        amount: units < 0n ? `-${magnitude}` : magnitude,
        account: r.account,
        counterparty: r.system ?? `member:${r.user_id}:${r.other_kind}`,
        reference: r.reference,
      };
    }),
    total: count?.n ?? 0,
  };
}

export async function memberMiners(db: Db, id: number, page: Page) {
  const rows = await queryRows<{
    id: string;
    product: string;
    hash_rate: string;
    start_at: string;
    end_at: string;
    status: string;
  }>(
    db,
    sql`select m.id::text, p.name as product, m.hash_rate::text, m.start_at::text, m.end_at::text, m.status
        from miners m join miner_products p on p.id = m.product_id
        where m.user_id = ${id} order by ${newestFirst('m', 'start_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from miners where user_id = ${id}`);
  return {
    list: rows.map((r) => ({
      id: r.id,
      product: r.product,
      hashRate: formatHashRate(BigInt(r.hash_rate)),
      startedAt: isoTime(r.start_at) as string,
      endsAt: isoTime(r.end_at) as string,
      running: r.status === 'mining',
    })),
    total: count?.n ?? 0,
  };
}

/** Miner purchases and equity orders together, newest first. */
export async function memberOrders(db: Db, id: number, page: Page) {
  const orders = sql`
    select 'miner' as kind, o.id, p.name as product, o.quantity, o.paid, o.created_at
      from miner_orders o join miner_products p on p.id = o.product_id where o.user_id = ${id}
    union all
    select 'equity', e.id, 'equity round ' || e.round_id, e.quantity, e.payment, e.start_at
      from equity_orders e where e.user_id = ${id}`;
  const rows = await queryRows<{
    kind: 'miner' | 'equity';
    id: string;
    product: string;
    quantity: number;
    paid: string;
    created_at: string;
  }>(
    db,
    sql`select kind, id::text, product, quantity::int as quantity, paid::text, created_at::text
        from (${orders}) o order by ${newestFirst('o', 'created_at')}, o.kind ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${orders}) o`);
  return {
    list: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      product: r.product,
      quantity: r.quantity,
      paid: formatAmount(BigInt(r.paid), 'USDT'),
      createdAt: isoTime(r.created_at) as string,
    })),
    total: count?.n ?? 0,
  };
}

/** The members a member invited, newest first. */
export async function memberTeam(db: Db, id: number, page: Page) {
  const rows = await queryRows<{
    id: string;
    address: string;
    department: number | null;
    identity: string;
    created_at: string;
  }>(
    db,
    sql`select id::text, address, department::int as department, identity, created_at::text
        from users u where u.inviter_id = ${id} order by ${newestFirst('u', 'created_at')} ${pageClause(page)}`,
  );
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where inviter_id = ${id}`,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      address: r.address,
      department: r.department,
      identity: r.identity,
      createdAt: isoTime(r.created_at) as string,
    })),
    total: count?.n ?? 0,
  };
}
