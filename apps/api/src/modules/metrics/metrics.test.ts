import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API } from '@minecloud/contract/api-paths';
import { sql } from 'drizzle-orm';
import { encodeAbiParameters, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { testDbKind } from '../../../test/database.ts';
import { fund, type Member, post, quickMembers } from '../../../test/money.ts';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';
import { loadConfig } from '../../config.ts';
import { DAILY } from '../../jobs/index.ts';
import { type JobDefinition, runJob } from '../../jobs/runner.ts';
import { userAccount } from '../../ledger/accounts.ts';
import { post as postEntry } from '../../ledger/journal.ts';
import { fixedClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { PER_HANDLE_METRICS } from '../../lib/metrics.ts';
import { SAMPLE_TIMEOUT_MS } from './business.ts';

type Series = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition. */
function parseExposition(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    series.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return series;
}

/** The value of one series, matched on the labels given (others ignored); undefined when absent. */
function reading(series: Series[], name: string, labels: Record<string, string> = {}): number | undefined {
  return series.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

async function scrape(app: TestApp, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
}

const NOW = new Date('2026-03-10T12:00:00Z');

function job(name: string, run: JobDefinition['run']): JobDefinition {
  return { ...DAILY, name, schedule: '0 0 * * *', periodAt: () => '2026-03-09', run };
}

/** A withdrawal of `amount` USDT waiting in `status`, created `ageSeconds` before NOW, its funds locked. */
async function seedWithdrawal(app: TestApp, userId: number, amount: bigint, status: string, ageSeconds: number) {
  const [lock] = await postEntry(app.db, {
    asset: 'USDT',
    from: userAccount(userId),
    to: userAccount(userId, 'locked'),
    amount,
    kind: 'withdraw_lock',
    idempotencyKey: `metrics-test:${randomUUID()}`,
  });
  await app.db.execute(sql`
    insert into withdrawals (user_id, asset, amount, fee, address, status, needs_second, lock_transfer_id, created_at)
    values (${userId}, 'USDT', ${amount.toString()}::bigint, 1000000, ${`0x${'ab'.repeat(20)}`}, ${status}, false,
            ${lock}, ${new Date(NOW.getTime() - ageSeconds * 1000).toISOString()})`);
}

describe('/metrics and /docs access, and a broken ledger', () => {
  let app: TestApp;
  const token = 'scrape-token-0123456789abcdef';
  const scraper = { authorization: `Bearer ${token}` };
  beforeAll(async () => {
    app = await buildTestApp({ METRICS_TOKEN: token, DOCS_ENABLED: '0' });
    // Broken before any scrape runs the ledger check: one member balance one unit above its transfers.
    const [member] = await quickMembers(app, 1);
    const userId = (member as { userId: number }).userId;
    await fund(app, userId, 'USDT', '5');
    await app.db.execute(
      sql`update accounts set balance = balance + 1 where user_id = ${userId} and asset = 'USDT' and kind = 'available'`,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 401 without the token or with a wrong one, 200 with it', async () => {
    const bare = await app.inject({ method: 'GET', url: '/metrics' });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 401, data: null });
    expect(bare.headers['www-authenticate']).toBe('Bearer');
    for (const authorization of [`Bearer ${token}x`, `Bearer ${token.slice(1)}`, token, 'Bearer ']) {
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization } })).statusCode).toBe(401);
    }
    const ok = await app.inject({ method: 'GET', url: '/metrics', headers: scraper });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('exposes the process metrics, and none that walks every open handle at each scrape', async () => {
    const series = await scrape(app, scraper);
    expect(reading(series, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(reading(series, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(reading(series, 'process_max_fds')).toBeGreaterThan(0);
    for (const name of PER_HANDLE_METRICS) expect(series.filter((s) => s.name === name)).toEqual([]);
  });

  it('serves no /docs when DOCS_ENABLED is off', async () => {
    expect((await app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
  });

  it('keeps /docs off in production unless DOCS_ENABLED', () => {
    const production = PRODUCTION_ENV;
    expect(loadConfig(production).docsEnabled).toBe(false);
    expect(loadConfig({ ...production, DOCS_ENABLED: '1' }).docsEnabled).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).docsEnabled).toBe(true);
  });

  it('shows a broken ledger as 0, with the mismatch and the imbalance', async () => {
    const seen = await scrape(app, scraper);
    expect(reading(seen, 'minecloud_ledger_invariant_ok')).toBe(0);
    expect(reading(seen, 'minecloud_ledger_mismatched_accounts')).toBe(1);
    expect(reading(seen, 'minecloud_ledger_imbalance', { asset: 'USDT' })).toBe(0.000001);
    expect(reading(seen, 'minecloud_ledger_imbalance', { asset: 'BTC' })).toBe(0);
  });
});

describe('business metrics', () => {
  let app: TestApp;
  let series: Series[];
  beforeAll(async () => {
    app = await buildTestApp(
      {},
      (a) => {
        a.get('/app-api/test/refuse', async () => {
          throw new AppError('insufficientBalance');
        });
      },
      { clock: fixedClock(NOW) },
    );
    const [member] = await quickMembers(app, 1);
    const userId = (member as { userId: number }).userId;
    await fund(app, userId, 'USDT', '100');
    await seedWithdrawal(app, userId, 12_500_000n, 'review', 3_600);
    await seedWithdrawal(app, userId, 2_000_000n, 'review', 60);
    await seedWithdrawal(app, userId, 5_000_000n, 'arrived', 90_000);
    const [giver, taker] = (await quickMembers(app, 2)) as [Member, Member];
    await fund(app, giver.userId, 'GOLD', '10');
    for (let i = 0; i < 2; i++)
      await post(app, giver, API.gift, { toUserId: String(taker.userId), asset: 'GOLD', amount: '1' });
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/app-api/test/refuse' });
    await app.inject({ method: 'GET', url: '/app-api/no-such-route' });
    await runJob(
      app.db,
      job('metrics-ok', async () => ({ done: true })),
      '2026-03-09',
      {
        now: NOW,
        trigger: 'test',
      },
    );
    const failing = job('metrics-failing', async () => {
      throw new Error('boom');
    });
    for (let i = 0; i < 2; i++) {
      await expect(runJob(app.db, failing, '2026-03-09', { now: NOW, trigger: 'test' })).rejects.toThrow('boom');
    }
    series = await scrape(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts every refusal by its code name', () => {
    expect(reading(series, 'minecloud_refusals_total', { code: 'insufficientBalance' })).toBe(3);
    expect(reading(series, 'minecloud_refusals_total', { code: 'notFound' })).toBe(1);
  });

  it('counts the statements that moved gifts and the gifts they carried', () => {
    // Two gifts one after the other: a statement each.
    expect(reading(series, 'minecloud_member_transfer_statements_total')).toBe(2);
    expect(reading(series, 'minecloud_member_transfer_calls_total')).toBe(2);
  });

  it('reports the ledger invariant, its imbalance per asset and the check age', () => {
    expect(reading(series, 'minecloud_ledger_invariant_ok')).toBe(1);
    for (const asset of ['GOLD', 'USDT', 'BTC'])
      expect(reading(series, 'minecloud_ledger_imbalance', { asset })).toBe(0);
    expect(reading(series, 'minecloud_ledger_mismatched_accounts')).toBe(0);
    expect(reading(series, 'minecloud_ledger_check_age_seconds')).toBeLessThan(5);
  });

  it('reports the open withdrawals: count, sum and oldest age by status and asset', () => {
    const review = { status: 'review', asset: 'USDT' };
    expect(reading(series, 'minecloud_withdrawals_open', review)).toBe(2);
    expect(reading(series, 'minecloud_withdrawals_open_amount', review)).toBe(14.5);
    expect(reading(series, 'minecloud_withdrawals_oldest_age_seconds', review)).toBe(3_600);
    // Empty statuses are zero rather than missing; final ones are not counted.
    expect(reading(series, 'minecloud_withdrawals_open', { status: 'payout_failed', asset: 'BTC' })).toBe(0);
    expect(reading(series, 'minecloud_withdrawals_open', { status: 'arrived' })).toBeUndefined();
  });

  it('reports jobs: last success, last duration and failures', () => {
    expect(reading(series, 'minecloud_job_last_success_timestamp_seconds', { job_name: 'metrics-ok' })).toBe(
      NOW.getTime() / 1000,
    );
    expect(reading(series, 'minecloud_job_last_duration_seconds', { job_name: 'metrics-ok' })).toBeGreaterThan(0);
    expect(reading(series, 'minecloud_job_failures_total', { job_name: 'metrics-failing' })).toBe(2);
    expect(reading(series, 'minecloud_job_failures_total', { job_name: 'metrics-ok' })).toBe(0);
    expect(reading(series, 'minecloud_job_last_success_timestamp_seconds', { job_name: 'metrics-failing' })).toBe(
      undefined,
    );
  });

  it('reports the database pool', () => {
    const max = reading(series, 'minecloud_db_pool_max_connections');
    expect(max).toBe(testDbKind() === 'pg' ? 40 : 1);
    expect(reading(series, 'minecloud_db_pool_connections', { state: 'open' })).toBeGreaterThanOrEqual(1);
    expect(reading(series, 'minecloud_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(reading(series, 'minecloud_db_pool_waiting_clients')).toBe(0);
  });

  it('serves /docs, and /metrics without a token, outside production by default', async () => {
    expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});

/** A JSON-RPC node of one payout wallet, on 127.0.0.1, answering after `delayMs`; `answered(n)` waits for n answers. */
async function fakeNode(wallet: {
  gasWei: bigint;
  tokenUnits: bigint;
  decimals: number;
  latest: number;
  pending: number;
}) {
  const state = { delayMs: 0, answers: 0 };
  const waiting: { n: number; resolve: () => void }[] = [];
  const word = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value]);
  const answer = (method: string, params: unknown[]): unknown => {
    if (method === 'eth_chainId') return '0x38';
    if (method === 'eth_getBalance') return `0x${wallet.gasWei.toString(16)}`;
    if (method === 'eth_getTransactionCount')
      return `0x${(params[1] === 'pending' ? wallet.pending : wallet.latest).toString(16)}`;
    if (method === 'eth_call') {
      const data = (params[0] as { data?: string; input?: string }).data ?? (params[0] as { input: string }).input;
      if (data.startsWith('0x313ce567')) return word(BigInt(wallet.decimals));
      if (data.startsWith('0x70a08231')) return word(wallet.tokenUnits);
    }
    throw new Error(`unexpected ${method}`);
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => setTimeout(reply, state.delayMs));
    const reply = () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      const calls = Array.isArray(call) ? call : [call];
      const replies = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: answer(c.method, c.params) }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(call) ? replies : replies[0]));
      state.answers += calls.length;
      for (const waiter of waiting.filter((w) => state.answers >= w.n)) waiter.resolve();
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    answered: (n: number) =>
      new Promise<void>((resolve) => (state.answers >= n ? resolve() : waiting.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('payout wallet metrics', () => {
  const key = generatePrivateKey();
  const payer = privateKeyToAccount(key).address;
  let node: Awaited<ReturnType<typeof fakeNode>>;
  let app: TestApp;
  beforeAll(async () => {
    node = await fakeNode({
      gasWei: parseUnits('0.25', 18),
      tokenUnits: parseUnits('1234.5', 18),
      decimals: 18,
      latest: 5,
      pending: 6,
    });
    app = await buildTestApp({
      CHAIN_ID: '56',
      CHAIN_RPC_URL: node.url,
      PAYOUT_KEY: key,
      TOKEN_USDT_ADDRESS: `0x${'33'.repeat(20)}`,
    });
    await app.db.execute(
      sql`insert into payout_wallets (chain_id, address, next_nonce) values (56, ${payer.toLowerCase()}, 8)`,
    );
  });
  afterAll(async () => {
    await app?.close();
    await node?.close();
  });

  it('reports balances in whole tokens and the nonce lag; a slow RPC never holds a scrape', async () => {
    // Far slower than a scrape's time box.
    node.state.delayMs = SAMPLE_TIMEOUT_MS + 2_000;
    const started = performance.now();
    const early = await scrape(app);
    expect(performance.now() - started).toBeLessThan(SAMPLE_TIMEOUT_MS + 1_500);
    expect(reading(early, 'minecloud_payout_wallet_gas_balance')).toBeUndefined();
    expect(reading(early, 'minecloud_payout_nonce_lag')).toBeUndefined();
    expect(
      reading(early, 'minecloud_metrics_sample_failures_total', { sample: 'payout_wallet', reason: 'timeout' }),
    ).toBe(1);
    expect(reading(early, 'minecloud_ledger_invariant_ok')).toBe(1);

    // The read went on (five calls: gas, two nonces, balance, decimals); the next scrape shows it.
    await node.answered(5);
    const seen = await scrape(app);
    expect(reading(seen, 'minecloud_payout_wallet_balance', { asset: 'USDT' })).toBe(1234.5);
    expect(reading(seen, 'minecloud_payout_wallet_gas_balance')).toBe(0.25);
    expect(reading(seen, 'minecloud_payout_wallet_nonce', { source: 'latest' })).toBe(5);
    expect(reading(seen, 'minecloud_payout_wallet_nonce', { source: 'pending' })).toBe(6);
    expect(reading(seen, 'minecloud_payout_wallet_nonce', { source: 'stored' })).toBe(8);
    expect(reading(seen, 'minecloud_payout_nonce_lag')).toBe(3);
    expect(reading(seen, 'minecloud_metrics_sample_age_seconds', { sample: 'payout_wallet' })).toBeLessThan(5);
  });
});
