import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  checkChain,
  checkDay,
  checkOnChain,
  commitmentOf,
  reserveMessage,
  rpcOver,
  type SolvencyAnswer,
  type SolvencyDay,
} from '@minecloud/contract/solvency';
import { sql } from 'drizzle-orm';
import { type Address, type Hex, parseUnits, recoverMessageAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type LocalChain, startLocalChain } from '../../../test/chain.ts';
import { bundledEntry } from '../../../test/entry.ts';
import { fund, get, type Member } from '../../../test/money.ts';
import { bearer, signIn } from '../../../test/wallet.ts';
import { queryRows } from '../../db/client.ts';
import { fixedClock } from '../../lib/clock.ts';
import { setSetting } from '../config/settings.ts';
import { takeSnapshot } from './liabilities.ts';
import { runSolvency } from './solvency.ts';

/**
 * Proof of solvency against a real EVM (`hardhat node` on 127.0.0.1): reserves read at the
 * pinned block, signatures, the chain of commitments, the anchor transactions, and the command-line
 * verifier against the same node.
 */

const CONFIRMATIONS = 3;
const clock = fixedClock(new Date('2026-11-21T02:00:00Z'));
const recover = (message: string, signature: string) => recoverMessageAddress({ message, signature: signature as Hex });
const usdtOnChain = (text: string) => parseUnits(text, 18);
const exec = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'solvency-'));

let chain: LocalChain;
let app: TestApp;
let usdt: Address;
let btc: Address;
let hot: Awaited<ReturnType<LocalChain['newAccount']>>;
let cold: Awaited<ReturnType<LocalChain['newAccount']>>;
let member: Member;

async function answer(): Promise<SolvencyAnswer> {
  const res = await get(app, null, 'transparency/solvency?days=10');
  expect(res.body.code).toBe(0);
  return res.body.data as SolvencyAnswer;
}

async function snapshot(day: string) {
  await app.db.transaction((tx) => takeSnapshot({ tx, period: day, now: clock.now() }));
}

async function verifyCli(proof: unknown, solvency: unknown, rpc = true) {
  const name = Math.random().toString(36).slice(2);
  const proofFile = path.join(dir, `${name}-proof.json`);
  const solvencyFile = path.join(dir, `${name}-solvency.json`);
  writeFileSync(proofFile, JSON.stringify(proof));
  writeFileSync(solvencyFile, JSON.stringify(solvency));
  // The CLI bundled once (test/entry.ts): each run starts in about half the CPU of tsx.
  const args = [
    await bundledEntry('cli/verify-proof.ts'),
    proofFile,
    '--solvency',
    solvencyFile,
    ...(rpc ? ['--rpc', chain.url] : []),
  ];
  try {
    const { stdout } = await exec(process.execPath, args, { encoding: 'utf8' });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  chain = await startLocalChain();
  usdt = await chain.deployToken('USDT', 18);
  btc = await chain.deployToken('BTCB', 8);
  hot = await chain.newAccount('100');
  cold = await chain.newAccount('0');
  app = await buildTestApp(
    {
      CHAIN_ID: '31337',
      CHAIN_RPC_URL: chain.url,
      CHAIN_PUBLIC_RPC_URL: chain.url,
      DEPOSIT_ADDRESS: (await chain.newAccount('0')).address,
      PAYOUT_KEY: hot.key,
      TOKEN_USDT_ADDRESS: usdt,
      TOKEN_BTC_ADDRESS: btc,
    },
    undefined,
    { clock },
  );
  await setSetting(app.db, 'chain.confirmations', CONFIRMATIONS, 'test');
  const signedIn = await signIn(app, await chain.newAccount('0'), { overrides: { chainId: 31337 } });
  if (!signedIn.token) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.body)}`);
  member = { userId: Number(signedIn.body.data.userId), token: signedIn.token, headers: bearer(signedIn.token) };
  await fund(app, member.userId, 'USDT', '1000');
  await fund(app, member.userId, 'BTC', '0.5');
  await fund(app, member.userId, 'GOLD', '20');
  // The cold address, added by an operator, signed day 1 offline (its key never reaches the server).
  await app.db.execute(
    sql`insert into reserve_addresses (address, label, added_by) values (${cold.address.toLowerCase()}, 'vault', 1)`,
  );
  const signature = await cold.signMessage({ message: reserveMessage(31337, cold.address, '2026-11-20') });
  await app.db.execute(
    sql`insert into reserve_signatures (address, day, chain_id, signature, uploaded_by)
        values (${cold.address.toLowerCase()}, '2026-11-20', 31337, ${signature}, 1)`,
  );
}, 120_000);

afterAll(async () => {
  await app?.close();
  await chain?.stop();
});

describe('proof of solvency on chain', () => {
  let first: SolvencyDay;
  let second: SolvencyDay;

  it('publishes nothing before a liabilities snapshot', async () => {
    expect((await runSolvency(app.db, app.chain, clock.now())).published).toBeNull();
    expect((await answer()).list).toEqual([]);
  });

  it('never publishes a day before the one just ended: its reserves can no longer be read', async () => {
    // As the jobs' catch-up takes a missed day's liabilities late (2026-11-20 is the day just ended).
    await snapshot('2026-11-19');
    expect((await runSolvency(app.db, app.chain, clock.now())).published).toBeNull();
    expect((await answer()).list).toEqual([]);
  });

  it('reads the reserves at the pinned block, confirmations deep, not at the head', async () => {
    await chain.mint(usdt, hot.address, usdtOnChain('600'));
    await chain.mint(usdt, cold.address, usdtOnChain('500'));
    await chain.mint(btc, cold.address, 60_000_000n);
    await chain.mine(CONFIRMATIONS);
    const pinnedAt = await chain.client.getBlockNumber();
    // Two blocks above the pin: with 3 confirmations, neither is counted.
    await chain.mint(usdt, hot.address, usdtOnChain('7'));
    await chain.mine(1);
    await snapshot('2026-11-20');
    const report = await runSolvency(app.db, app.chain, clock.now());
    expect(report.published).toBe('2026-11-20');
    [first] = (await answer()).list as [SolvencyDay];
    expect(first.block.number).toBe(pinnedAt.toString());
    const usdtRow = first.assets.find((a) => a.asset === 'USDT');
    expect(usdtRow?.reserves?.addresses).toEqual([
      expect.objectContaining({ kind: 'hot', address: hot.address.toLowerCase(), balance: '600' }),
      expect.objectContaining({ kind: 'cold', address: cold.address.toLowerCase(), label: 'vault', balance: '500' }),
    ]);
    expect(usdtRow).toMatchObject({ ratio: '1.1000', covered: true });
    expect(usdtRow?.liabilities).toMatchObject({ total: '1000' });
    expect(first.assets.find((a) => a.asset === 'BTC')).toMatchObject({ ratio: '1.2000', covered: true });
    // GOLD exists only inside the platform: its liabilities are committed to, without reserves.
    expect(first.assets.find((a) => a.asset === 'GOLD')).toMatchObject({ reserves: null, ratio: null, covered: null });
    expect(first.previous).toBeNull();
  });

  it('signs, commits and anchors the day: the anchor transaction carries the commitment', async () => {
    expect(await checkDay(first, recover)).toEqual([]);
    expect(first.commitment).toBe(commitmentOf(first));
    expect(first.anchor?.from).toBe(hot.address.toLowerCase());
    const tx = await chain.client.getTransaction({ hash: first.anchor?.txHash as Hex });
    expect(tx.input).toBe(`0x${first.commitment}`);
    expect(tx.from.toLowerCase()).toBe(hot.address.toLowerCase());
    expect(tx.to?.toLowerCase()).toBe(hot.address.toLowerCase());
    // The next round sees it mined and publishes its block.
    expect((await runSolvency(app.db, app.chain, clock.now())).anchored).toBe(1);
    [first] = (await answer()).list as [SolvencyDay];
    expect(first.anchor?.blockNumber).toBe(tx.blockNumber?.toString());
    expect(await checkOnChain(first, rpcOver(chain.url))).toEqual([]);
  });

  it('takes the anchor nonce from the payout counter, so the next payout takes the one after', async () => {
    const [wallet] = await queryRows<{ next_nonce: number }>(
      app.db,
      sql`select next_nonce::int from payout_wallets where address = ${hot.address.toLowerCase()}`,
    );
    const [row] = await queryRows<{ anchor_nonce: number }>(
      app.db,
      sql`select anchor_nonce::int from solvency_snapshots where day = '2026-11-20'`,
    );
    expect(wallet?.next_nonce).toBe((row?.anchor_nonce as number) + 1);
    expect(await chain.client.getTransactionCount({ address: hot.address })).toBe(wallet?.next_nonce);
  });

  it('publishes a ratio below 1 as below 1, and chains the day to the one before', async () => {
    // The hot wallet pays 500 out: 100 + 500 on hand for 1,000 owed.
    await chain.sendToken(hot, usdt, (await chain.newAccount('0')).address, usdtOnChain('507'));
    await chain.mine(CONFIRMATIONS);
    // Day 2 has no cold signature: the cold address is not counted that day.
    await snapshot('2026-11-21');
    expect((await runSolvency(app.db, app.chain, clock.now())).published).toBe('2026-11-21');
    await runSolvency(app.db, app.chain, clock.now());
    const list = (await answer()).list;
    [second, first] = list as [SolvencyDay, SolvencyDay];
    expect(second.previous).toBe(first.commitment);
    const usdtRow = second.assets.find((a) => a.asset === 'USDT');
    expect(usdtRow?.reserves?.addresses.map((a) => a.kind)).toEqual(['hot']);
    expect(usdtRow).toMatchObject({ ratio: '0.1000', covered: false });
    expect(second.assets.find((a) => a.asset === 'BTC')).toMatchObject({ ratio: '0.0000', covered: false });
    expect(await checkChain(list, first.day, recover)).toEqual({ ok: true, days: 2, problems: [] });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('minecloud_solvency_covered{asset="USDT"} 0');
    expect(metrics.body).toContain('minecloud_solvency_ratio{asset="USDT"} 0.1');
  });

  it('fails a forged or missing signature', async () => {
    const other = await chain.newAccount('0');
    const forged = structuredClone(first);
    const row = forged.assets.find((a) => a.asset === 'USDT')?.reserves?.addresses[1];
    if (!row) throw new Error('no cold row');
    row.signature = (await other.signMessage({ message: reserveMessage(31337, row.address, first.day) })).toLowerCase();
    expect(await checkDay(forged, recover)).toContainEqual({
      kind: 'badSignature',
      day: first.day,
      address: row.address,
    });
    row.signature = '';
    expect(await checkDay(forged, recover)).toContainEqual({
      kind: 'badSignature',
      day: first.day,
      address: row.address,
    });
  });

  it("breaks the chain when yesterday's root is replaced, even with its commitment recomputed", async () => {
    const replaced = structuredClone(first);
    (replaced.assets[1] as SolvencyDay['assets'][number]).liabilities.root = 'ab'.repeat(32);
    const withStale = await checkChain([second, replaced], first.day, recover);
    expect(withStale.problems).toContainEqual({ kind: 'commitmentMismatch', day: first.day });
    replaced.commitment = commitmentOf(replaced);
    const recomputed = await checkChain([second, replaced], first.day, recover);
    expect(recomputed.problems).toEqual([{ kind: 'brokenChain', day: second.day }]);
    // And the anchor on chain still names the original commitment.
    expect(await checkOnChain(replaced, rpcOver(chain.url), { balances: false })).toEqual([
      { kind: 'anchorMismatch', day: first.day },
    ]);
  });

  describe('npm run proof:verify with --solvency and --rpc', () => {
    let proof: unknown;
    let saved: SolvencyAnswer;
    beforeAll(async () => {
      const res = await get(app, member, 'transparency/liabilities/proof?asset=USDT&day=2026-11-20');
      expect(res.body.code).toBe(0);
      proof = res.body.data;
      saved = await answer();
    });

    it('exits 0 on the published proof, chain and anchors', async () => {
      const result = await verifyCli(proof, saved);
      expect(result.out).toContain('solvency VALID: 2 days chained from 2026-11-20 to 2026-11-21');
      expect(result.out).toContain('BELOW 1');
      expect(result.code).toBe(0);
    });

    it('exits 1 on each tampering', async () => {
      const tamper = (change: (list: SolvencyDay[]) => void) => {
        const copy = structuredClone(saved);
        change(copy.list);
        return copy;
      };
      const day1 = (list: SolvencyDay[]) => list[1] as SolvencyDay;
      const usdtOf = (day: SolvencyDay) => day.assets.find((a) => a.asset === 'USDT') as SolvencyDay['assets'][number];
      const cases: [string, SolvencyAnswer, string][] = [
        [
          'forged signature',
          tamper((l) => {
            const r = usdtOf(day1(l)).reserves?.addresses[1];
            if (r) r.signature = `0x${'11'.repeat(65)}`;
          }),
          'did not sign',
        ],
        [
          'replaced root',
          tamper((l) => {
            usdtOf(day1(l)).liabilities.root = 'cd'.repeat(32);
          }),
          "no published day has your proof's root",
        ],
        [
          'a balance shown above what the chain held, commitment recomputed',
          tamper((l) => {
            const d = day1(l);
            const r = usdtOf(d).reserves;
            if (!r?.addresses[0]) return;
            r.addresses[0].balanceUnits = (BigInt(r.addresses[0].balanceUnits) + 1n).toString();
            r.totalUnits = (BigInt(r.totalUnits) + 1n).toString();
            d.commitment = commitmentOf(d);
            (l[0] as SolvencyDay).previous = d.commitment;
            (l[0] as SolvencyDay).commitment = commitmentOf(l[0] as SolvencyDay);
          }),
          'held another balance',
        ],
        [
          'another anchor transaction',
          tamper((l) => {
            const d = l[0] as SolvencyDay;
            if (d.anchor) d.anchor.txHash = day1(l).anchor?.txHash as string;
          }),
          'does not carry the commitment',
        ],
      ];
      for (const [what, solvency, reason] of cases) {
        const result = await verifyCli(proof, solvency);
        expect(result.code, what).toBe(1);
        expect(result.out, what).toContain(reason);
      }
    });
  });
});
