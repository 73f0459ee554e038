import { randomBytes, randomUUID } from 'node:crypto';
import { API, API_BASE } from '@minecloud/contract/api-paths';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../src/db/client.ts';
import { systemAccount, type UserAccountKind, userAccount } from '../../src/ledger/accounts.ts';
import { ensureSystemAccounts, post } from '../../src/ledger/journal.ts';
import { addDays, dayOf } from '../../src/lib/calendar.ts';
import type { AuthorizedUserId } from '../../src/modules/auth/tokens.ts';
import { createTokenService, memberTokenKey } from '../../src/modules/auth/tokens.ts';
import { getSetting } from '../../src/modules/config/settings.ts';
import { buyMiners } from '../../src/modules/mining/buy.ts';
import { setStock } from '../../src/modules/mining/stock.ts';
import { newEmailCode } from '../../src/modules/user/email.ts';
import { oncePerKey } from '../../src/money/idempotency.ts';

/**
 * Mixed member load over HTTP, and the books it must leave behind. Members are seeded straight into
 * the database (through the ledger's own transfer), signed in with tokens from the real token
 * service; everything after that goes through the API as a member's phone would send it.
 */

export type Member = { id: number; bearer: string; email: string };
export type Seed = { members: Member[]; productId: string; settledDay: string; minersSeeded: number };

const DAY_MS = 86_400_000;

/** JSON with keys sorted: jsonb stores an object's keys in its own order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `count` members (a three-wide referral tree), a miner product, funds, and miners from 3 days ago. */
export async function seedMembers(db: Db, jwtSecret: string, count: number, now = new Date()): Promise<Seed> {
  await ensureSystemAccounts(db);
  const members: Member[] = [];
  const depths: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const parent = Math.floor((i - 1) / 3);
    const inviter = i === 0 ? null : (members[parent] as Member).id;
    const depth = i === 0 ? 0 : (depths[parent] as number) + 1;
    depths.push(depth);
    const email = `member${i}@cluster.test`;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (address, email, inviter_id, department, depth)
          values (${`0x${randomBytes(20).toString('hex')}`}, ${email}, ${inviter}, ${inviter ? 1 + (i % 3) : null}, ${depth})
          returning id`,
    );
    members.push({ id: Number(row?.id), bearer: '', email });
  }
  const [product] = await queryRows<{ id: string }>(
    db,
    sql`insert into miner_products (name, image, hash_rate, price, duration_days)
        values ('Cluster miner', '/miners/s19.svg', 1000000, 10000000, 30) returning id`,
  );
  const productId = product?.id as string;
  await setStock(db, productId, 1_000_000_000);
  const tokens = createTokenService(db, memberTokenKey(jwtSecret), 3600);
  const fund = (id: number, asset: 'GOLD' | 'USDT', amount: bigint, kind: UserAccountKind) =>
    post(db, {
      asset,
      from: systemAccount('adjustment'),
      to: userAccount(id, kind),
      amount,
      kind: 'adjustment',
      idempotencyKey: `cluster:fund:${id}:${asset}:${kind}`,
    });
  const threeDaysAgo = new Date(now.getTime() - 3 * DAY_MS);
  let minersSeeded = 0;
  for (const member of members) {
    await fund(member.id, 'GOLD', 100_000_000n, 'available'); // 1,000,000 gold
    await fund(member.id, 'USDT', 1_000_000_000_000n, 'available'); // 1,000,000 USDT
    await fund(member.id, 'USDT', 1_000_000_000n, 'earnings'); // 1,000 USDT to claim
    member.bearer = `Bearer ${(await tokens.issue(member.id)).token}`;
    // Half the members bought a miner three days ago: yesterday's settlement owes each of them once.
    if (member.id % 2 === 0) {
      const userId = member.id as AuthorizedUserId;
      const scope = { userId, key: `seed-${member.id}`, route: API.minerBuy, body: { productId, quantity: 1 } };
      await oncePerKey(db, scope, {
        work: (tx, legKey) => buyMiners(tx, userId, { productId, quantity: 1 }, legKey, threeDaysAgo),
      });
      minersSeeded += 1;
    }
  }
  const timeZone = await getSetting(db, 'settlement.timeZone');
  return { members, productId, settledDay: addDays(dayOf(now, timeZone), -1), minersSeeded };
}

export type OpName = 'gift' | 'buy' | 'claim' | 'withdraw';
/** One money call and how it ended: `unknown` when no answer came (a dropped connection, a 5xx). */
export type Op = {
  op: OpName;
  member: Member;
  key: string;
  path: string;
  body: unknown;
  outcome: 'ok' | 'refused' | 'unknown';
  status?: number;
  code?: number;
  data?: unknown;
  retried?: boolean;
};

export type LoadReport = {
  ops: Op[];
  reads: { ok: number; failed: number };
  /** Every answer by HTTP status (0: no answer at all). */
  statuses: Map<number, number>;
  /** Answers other than success, by call and status/code: `gift 200/1002`. */
  refusals: Map<string, number>;
  latenciesMs: number[];
};

const ROUTES: Record<OpName, string> = {
  gift: API.gift,
  buy: API.minerBuy,
  claim: API.usdtClaim,
  withdraw: API.usdtWithdraw,
};

const READS: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'GET', path: 'biz/biz-user/get' },
  { method: 'GET', path: API.balances },
  { method: 'POST', path: API.myMiners, body: { status: 'mining', pageNo: 1, pageSize: 10 } },
  { method: 'GET', path: API.withdrawals },
  { method: 'POST', path: API.departmentInfo },
];

async function call(
  base: string,
  member: Member,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  key?: string,
): Promise<{ status: number; code?: number; data?: unknown }> {
  const headers: Record<string, string> = { authorization: member.bearer };
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${base}${API_BASE.main}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    try {
      const parsed = JSON.parse(text) as { code: number; data: unknown };
      return { status: res.status, code: parsed.code, data: parsed.data };
    } catch {
      return { status: res.status };
    }
  } catch {
    return { status: 0 };
  }
}

/** Sends (or re-sends) a money call and records how it ended. */
async function send(base: string, op: Op, statuses?: Map<number, number>) {
  const answer = await call(base, op.member, 'POST', op.path, op.body, op.key);
  statuses?.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  op.status = answer.status;
  op.code = answer.code;
  op.data = answer.data;
  // An answer in the envelope below 500 is definitive: done (code 0) or refused (nothing happened).
  op.outcome =
    answer.status === 200 && answer.code === 0
      ? 'ok'
      : answer.status > 0 && answer.status < 500 && answer.code !== undefined
        ? 'refused'
        : 'unknown';
}

async function nextOp(db: Db, member: Member, members: Member[], productId: string): Promise<Op> {
  const roll = Math.random();
  const key = randomUUID();
  const op = (name: OpName, body: unknown): Op => ({
    op: name,
    member,
    key,
    path: ROUTES[name],
    body,
    outcome: 'unknown',
  });
  if (roll < 0.4) {
    const others = members.filter((m) => m.id !== member.id);
    const to = others[Math.floor(Math.random() * others.length)] as Member;
    return op('gift', { toUserId: String(to.id), asset: 'GOLD', amount: '0.01' });
  }
  if (roll < 0.65) return op('buy', { productId, quantity: 1 });
  if (roll < 0.85) return op('claim', { amount: '0.5' });
  // The member's mailbox, read by the test: a fresh code for each withdrawal (once the database is
  // back, when it is down).
  let code = '';
  for (let attempt = 0; !code; attempt += 1) {
    try {
      code = (await newEmailCode(db, { user: member.id }, member.email, 'confirm', new Date())).code;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return op('withdraw', {
    amount: '20',
    address: `0x${randomBytes(20).toString('hex')}`,
    emailCode: code,
  });
}

/**
 * `workers` loops until `until()` says stop, each with its own members (so one member's calls never
 * overlap and each withdrawal's code is the member's latest); half the calls are reads.
 */
export async function mixedLoad(
  base: string,
  db: Db,
  seed: Seed,
  options: { workers: number; until: () => boolean },
): Promise<LoadReport> {
  const report: LoadReport = {
    ops: [],
    reads: { ok: 0, failed: 0 },
    statuses: new Map(),
    refusals: new Map(),
    latenciesMs: [],
  };
  const refused = (what: string, status: number, code?: number) => {
    const label = `${what} ${status}/${code ?? '-'}`;
    report.refusals.set(label, (report.refusals.get(label) ?? 0) + 1);
  };
  const worker = async (w: number) => {
    const mine = seed.members.filter((_, i) => i % options.workers === w);
    while (!options.until()) {
      const member = mine[Math.floor(Math.random() * mine.length)] as Member;
      const started = performance.now();
      if (Math.random() < 0.5) {
        const read = READS[Math.floor(Math.random() * READS.length)] as (typeof READS)[number];
        const answer = await call(base, member, read.method, read.path, read.body);
        report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 200 && answer.code === 0) report.reads.ok += 1;
        else {
          report.reads.failed += 1;
          refused(read.path, answer.status, answer.code);
        }
      } else {
        const op = await nextOp(db, member, seed.members, seed.productId);
        report.ops.push(op);
        await send(base, op, report.statuses);
        if (op.outcome !== 'ok') refused(op.op, op.status ?? 0, op.code);
      }
      report.latenciesMs.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  return report;
}

/** After a fault: every call that got no answer is sent again, same key and body, until it gets one. */
export async function retryUnknown(base: string, ops: Op[], attempts = 20) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const open = ops.filter((op) => op.outcome === 'unknown');
    if (open.length === 0) return;
    for (const op of open) {
      op.retried = true;
      await send(base, op);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Re-sends answered calls with their keys: each must get the same answer and change nothing. */
export async function replayAnswered(base: string, ops: Op[]) {
  const problems: string[] = [];
  for (const op of ops.filter((o) => o.outcome === 'ok')) {
    const again = await call(base, op.member, 'POST', op.path, op.body, op.key);
    if (again.code !== 0 || canonical(again.data) !== canonical(op.data)) {
      problems.push(`${op.op} ${op.key}: first ${JSON.stringify(op.data)}, replay ${JSON.stringify(again)}`);
    }
  }
  return problems;
}

/**
 * What the books must show after the load: the ledger balanced, no negative balance, and the effects
 * of exactly the calls answered with success, each once. Returns the problems found (none: passed).
 */
export async function auditBooks(db: Db, seed: Seed, ops: Op[]): Promise<string[]> {
  const problems: string[] = [];
  const unknown = ops.filter((op) => op.outcome === 'unknown');
  if (unknown.length) problems.push(`${unknown.length} calls never got an answer`);

  // Every key the database holds belongs to a call answered with success, with that answer.
  const okByKey = new Map(ops.filter((op) => op.outcome === 'ok').map((op) => [`${op.member.id}:${op.key}`, op]));
  const keyRows = await queryRows<{ user_id: string; key: string; answer: unknown }>(
    db,
    sql`select user_id::text, key, answer from idempotency_keys where key not like 'seed-%'`,
  );
  for (const row of keyRows) {
    const op = okByKey.get(`${row.user_id}:${row.key}`);
    if (!op) problems.push(`key ${row.key} of member ${row.user_id} is in the books but was not answered with success`);
    else if (canonical(row.answer) !== canonical(op.data)) {
      problems.push(`key ${row.key}: stored ${JSON.stringify(row.answer)}, answered ${JSON.stringify(op.data)}`);
    }
  }
  if (keyRows.length !== okByKey.size) problems.push(`${okByKey.size} successes but ${keyRows.length} keys stored`);

  // Every ledger transfer made by a call belongs to a success, and each success moved money once.
  const legs = await queryRows<{ key: string; kind: string; amount: string }>(
    db,
    sql`select idempotency_key as key, kind, amount::text from transfers
        where idempotency_key like any (${`{${Object.values(ROUTES)
          .map((r) => `${r}:%`)
          .join(',')}}`}::text[]) and idempotency_key not like '%:seed-%'`,
  );
  const legsByOp = new Map<string, { kind: string; amount: string }[]>();
  for (const leg of legs) {
    const [route, userId, key] = leg.key.split(':');
    const op = okByKey.get(`${userId}:${key}`);
    if (!op || op.path !== route) {
      problems.push(`transfer ${leg.key} (${leg.kind}) has no successful call`);
      continue;
    }
    const list = legsByOp.get(`${userId}:${key}`) ?? [];
    list.push(leg);
    legsByOp.set(`${userId}:${key}`, list);
  }
  for (const [id, op] of okByKey) {
    const moved = legsByOp.get(id) ?? [];
    const expect = (kind: string, amount?: string) => {
      const found = moved.filter((l) => l.kind === kind);
      if (found.length !== 1 || (amount !== undefined && found[0]?.amount !== amount)) {
        problems.push(`${op.op} ${op.key}: expected one ${kind} of ${amount ?? 'any'}, found ${JSON.stringify(found)}`);
      }
    };
    if (op.op === 'gift') expect('gift', '1'); // 0.01 gold = 1 unit
    if (op.op === 'claim') expect('claim', '500000'); // 0.5 USDT
    if (op.op === 'withdraw') expect('withdraw_lock', '20000000'); // 20 USDT
    if (op.op === 'buy') expect('miner_purchase');
  }

  // Business rows: one miner order and one withdrawal per success, none for anything else.
  const counts = await queryRows<{ what: string; user_id: string; n: number }>(
    db,
    sql`select 'buy' as what, user_id::text, count(*)::int as n from miner_orders group by user_id
        union all
        select 'withdraw', user_id::text, count(*)::int from withdrawals group by user_id`,
  );
  const seededBuys = new Set(seed.members.filter((m) => m.id % 2 === 0).map((m) => m.id));
  for (const member of seed.members) {
    for (const what of ['buy', 'withdraw'] as const) {
      const stored = counts.find((c) => c.what === what && Number(c.user_id) === member.id)?.n ?? 0;
      const answered = ops.filter((op) => op.outcome === 'ok' && op.op === what && op.member.id === member.id).length;
      const seeded = what === 'buy' && seededBuys.has(member.id) ? 1 : 0;
      if (stored !== answered + seeded)
        problems.push(`member ${member.id}: ${stored} ${what}s stored, ${answered} answered`);
    }
  }

  const [negative] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from accounts where user_id is not null and balance < 0`,
  );
  if (negative?.n) problems.push(`${negative.n} member balances are negative`);
  return problems;
}

/** Yesterday's settlement ran once: one job run, one output and one credit per member with a miner. */
export async function settlementOnce(db: Db, seed: Seed): Promise<string[]> {
  const problems: string[] = [];
  const [run] = await queryRows<{ n: number; finished: number }>(
    db,
    sql`select count(*)::int as n, count(finished_at)::int as finished from job_runs
        where job = 'settlement' and period = ${seed.settledDay}`,
  );
  if (run?.n !== 1 || run.finished !== 1) problems.push(`settlement ${seed.settledDay}: ${JSON.stringify(run)}`);
  const [paid] = await queryRows<{ outputs: number; members: number; credits: number }>(
    db,
    sql`select (select count(*)::int from mining_outputs where day = ${seed.settledDay}::date) as outputs,
          (select count(distinct user_id)::int from mining_outputs where day = ${seed.settledDay}::date) as members,
          (select count(*)::int from transfers where kind = 'mining_output' and reference = ${`settlement:${seed.settledDay}`}) as credits`,
  );
  if (paid?.outputs !== seed.minersSeeded || paid.members !== seed.minersSeeded || paid.credits !== seed.minersSeeded) {
    problems.push(
      `settlement ${seed.settledDay} paid ${JSON.stringify(paid)} for ${seed.minersSeeded} members with miners`,
    );
  }
  return problems;
}
