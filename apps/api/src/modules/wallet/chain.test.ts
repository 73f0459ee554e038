import { ERROR_CODES } from '@minecloud/contract/errors';
import { sql } from 'drizzle-orm';
import { type Address, type Hex, parseUnits } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { type LocalChain, startLocalChain } from '../../../test/chain.ts';
import { fund, get, type Member, post, unitsOf } from '../../../test/money.ts';
import { bearer, signIn } from '../../../test/wallet.ts';
import { confirmCode, giveEmail, operatorCall, withdrawPath } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { fixedClock } from '../../lib/clock.ts';
import { setSetting } from '../config/settings.ts';
import { createChain } from './chain.ts';
import { DEPOSIT_NOT_FOUND_AFTER_MS, runDeposits } from './deposits.ts';
import { runPayouts } from './payout.ts';
import { MAX_PAYOUT_ATTEMPTS } from './payout-follow.ts';

/**
 * Payouts and deposits against a real EVM: `hardhat node` on 127.0.0.1, with test tokens deployed
 * here (USDT with 18 decimals as on BSC, BTC with 8), keys generated per run.
 */

const CONFIRMATIONS = 3;
const clock = fixedClock(new Date());
let chain: LocalChain;
let app: TestApp;
let admin: string;
let usdt: Address;
let btc: Address;
let other: Address;
let hot: PrivateKeyAccount & { key: Hex };
let depositAddress: Address;

const usdtOnChain = (text: string) => parseUnits(text, 18);

async function memberWith(account: PrivateKeyAccount): Promise<Member> {
  const { body, token } = await signIn(app, account, { overrides: { chainId: 31337 } });
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { userId: Number(body.data.userId), token, headers: bearer(token) };
}

async function approvedWithdrawal(member: Member, asset: 'USDT' | 'BTC', amount: string, to: Address) {
  clock.advance(61_000);
  const code = await confirmCode(app, member);
  const res = await post(app, member, withdrawPath(asset), { amount, address: to, emailCode: code });
  expect(res.body.code).toBe(0);
  const id = res.body.data.withdrawalId as string;
  expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.data.status).toBe('approved');
  return id;
}

async function withdrawalOf(member: Member, id: string) {
  const res = await get(app, member, 'biz/withdraw/page?pageNo=1&pageSize=50');
  return (res.body.data.list as Record<string, unknown>[]).find((w) => w.id === id) as Record<string, unknown>;
}

const stagesOf = (item: Record<string, unknown>) => (item.timeline as { stage: string }[]).map((e) => e.stage);

/** Payouts as a freshly started worker would run them: a new chain client, state from the database only. */
const payoutsAfterRestart = () => runPayouts(app.db, createChain(app.config), {});

async function attemptsOf(id: string) {
  return queryRows<{ status: string; nonce: number; tx_hash: Hex }>(
    app.db,
    sql`select status, nonce::int, tx_hash from payout_attempts where withdrawal_id = ${Number(id)} order by id`,
  );
}

beforeAll(async () => {
  chain = await startLocalChain();
  // One deployer, one nonce at a time.
  usdt = await chain.deployToken('USDT', 18);
  btc = await chain.deployToken('BTCB', 8);
  other = await chain.deployToken('FAKE', 18);
  hot = await chain.newAccount('100');
  depositAddress = (await chain.newAccount('0')).address;
  app = await buildTestApp(
    {
      CHAIN_ID: '31337',
      CHAIN_RPC_URL: chain.url,
      DEPOSIT_ADDRESS: depositAddress,
      PAYOUT_KEY: hot.key,
      TOKEN_USDT_ADDRESS: usdt,
      TOKEN_BTC_ADDRESS: btc,
    },
    undefined,
    { clock },
  );
  admin = await operatorToken(app);
  await setSetting(app.db, 'chain.confirmations', CONFIRMATIONS, 'test');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await chain?.stop();
});

describe('payouts on chain', () => {
  let m: Member;
  beforeAll(async () => {
    m = await memberWith(await chain.newAccount('1'));
    await giveEmail(app, m);
    await fund(app, m.userId, 'USDT', '1000');
    await fund(app, m.userId, 'BTC', '1');
    await chain.mint(usdt, hot.address, usdtOnChain('10000'));
  });

  it("refuses the platform's own addresses and every token contract as a destination, moving nothing", async () => {
    const before = await get(app, m, 'asset/selectAssetBalance?asset=USDT');
    // The deposit address, the hot wallet, this asset's token and the other asset's token, in any case.
    for (const to of [depositAddress, hot.address, usdt, btc.toLowerCase()]) {
      const res = await post(app, m, withdrawPath('USDT'), { amount: '20', address: to, emailCode: '123456' });
      expect(res.body, to).toMatchObject({ code: ERROR_CODES.platformAddress });
    }
    // A contract that is not one of the platform's passes this check (the chain has no way to tell).
    const passes = await post(app, m, withdrawPath('USDT'), { amount: '20', address: other, emailCode: '' });
    expect(passes.body.code).toBe(ERROR_CODES.enterEmailCode);
    expect((await get(app, m, 'asset/selectAssetBalance?asset=USDT')).body).toEqual(before.body);
  });

  it('pays an approved withdrawal with an ERC-20 transfer and marks it arrived after the confirmations', async () => {
    const to = (await chain.newAccount('0')).address;
    const id = await approvedWithdrawal(m, 'USDT', '30', to);
    // This server pays: approved is on its way, not paused, for the member and in the console.
    expect((await withdrawalOf(m, id)).state).toBe('approved');
    const page = (await operatorCall(app, admin, 'withdrawals/page?pageNo=1&pageSize=50')).body.data;
    expect(page.payoutsRunning).toBe(true);
    expect(page.list.find((w: { id: string }) => w.id === id)).toMatchObject({ state: 'approved' });
    expect(await runPayouts(app.db, app.chain)).toMatchObject({ signed: 1, sent: 1, arrived: 0 });
    const [attempt] = await attemptsOf(id);
    expect(attempt?.status).toBe('sent');
    expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('29'));

    // Mined in one block: one confirmation of three. Still processing, with its hash.
    await runPayouts(app.db, app.chain);
    let seen = await withdrawalOf(m, id);
    expect(seen).toMatchObject({
      status: 'processing',
      state: 'paying',
      txHash: attempt?.tx_hash,
      confirmations: 1,
      requiredConfirmations: 3,
    });
    expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(30_000_000n);

    await chain.mine(CONFIRMATIONS - 1);
    expect(await runPayouts(app.db, app.chain)).toMatchObject({ arrived: 1 });
    seen = await withdrawalOf(m, id);
    expect(seen).toMatchObject({
      status: 'arrived',
      state: 'arrived',
      txHash: attempt?.tx_hash,
      confirmations: 3,
      received: '29',
    });
    expect(stagesOf(seen)).toEqual(['submitted', 'approved', 'sent', 'confirmed']);
    expect(await unitsOf(app, m.userId, 'USDT', 'locked')).toBe(0n);
    const records = await get(app, m, 'biz/user-usdt-record/page?pageNo=1&pageSize=2');
    expect(records.body.data.list.map((r: { kind: string; amount: string }) => [r.kind, r.amount])).toEqual([
      ['withdraw_fee', '1'],
      ['withdraw_payout', '29'],
    ]);

    // Nothing happens twice.
    await chain.mine(5);
    expect(await runPayouts(app.db, app.chain)).toEqual({
      signed: 0,
      sent: 0,
      arrived: 0,
      reverted: 0,
      dropped: 0,
      unclear: 0,
    });
    expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('29'));
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('pays once when two workers run at the same moment', async () => {
    const to = (await chain.newAccount('0')).address;
    const id = await approvedWithdrawal(m, 'USDT', '12', to);
    await Promise.all([payoutsAfterRestart(), payoutsAfterRestart(), payoutsAfterRestart()]);
    await chain.mine(CONFIRMATIONS);
    await Promise.all([payoutsAfterRestart(), payoutsAfterRestart()]);
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await withdrawalOf(m, id)).toMatchObject({ status: 'arrived' });
    expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('11'));
    const [payouts] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from transfers where reference = ${`withdrawal:${id}`} and kind = 'withdraw_payout'`,
    );
    expect(payouts?.n).toBe(1);
  });

  it('crashes between send and record, and after a restart sends the same transaction, paying once', async () => {
    const to = (await chain.newAccount('0')).address;
    const id = await approvedWithdrawal(m, 'USDT', '40', to);
    const sentBefore = await chain.client.getTransactionCount({ address: hot.address });
    await expect(
      runPayouts(app.db, app.chain, {
        afterBroadcast: () => {
          throw new Error('killed after broadcast');
        },
      }),
    ).rejects.toThrow('killed after broadcast');
    const [stored] = await attemptsOf(id);
    expect(stored?.status).toBe('signed');
    expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('39'));

    await payoutsAfterRestart();
    await chain.mine(CONFIRMATIONS);
    await payoutsAfterRestart();
    expect(await withdrawalOf(m, id)).toMatchObject({ status: 'arrived', txHash: stored?.tx_hash });
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(await chain.client.getTransactionCount({ address: hot.address })).toBe(sentBefore + 1);
    expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('39'));
  });

  it('crashes after signing and before sending: the stored transaction is sent on restart, once', async () => {
    const to = (await chain.newAccount('0')).address;
    const id = await approvedWithdrawal(m, 'USDT', '11', to);
    const sentBefore = await chain.client.getTransactionCount({ address: hot.address, blockTag: 'pending' });
    await expect(
      runPayouts(app.db, app.chain, {
        afterSign: () => {
          throw new Error('killed after signing');
        },
      }),
    ).rejects.toThrow('killed after signing');
    expect(await chain.client.getTransactionCount({ address: hot.address, blockTag: 'pending' })).toBe(sentBefore);
    expect(await chain.tokenBalance(usdt, to)).toBe(0n);

    expect(await payoutsAfterRestart()).toMatchObject({ signed: 0, sent: 1 });
    await chain.mine(CONFIRMATIONS);
    await payoutsAfterRestart();
    expect(await withdrawalOf(m, id)).toMatchObject({ status: 'arrived' });
    expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('10'));
    expect(await chain.client.getTransactionCount({ address: hot.address })).toBe(sentBefore + 1);
  });

  it('sends a dropped transaction again, the same one; a nonce taken by another transaction gets a new one', async () => {
    const to = (await chain.newAccount('0')).address;
    await chain.client.setAutomine(false);
    try {
      const id = await approvedWithdrawal(m, 'USDT', '21', to);
      await runPayouts(app.db, app.chain);
      const [first] = await attemptsOf(id);
      await chain.client.dropTransaction({ hash: first?.tx_hash as Hex });
      expect(await runPayouts(app.db, app.chain)).toMatchObject({ sent: 1, dropped: 0 });
      await chain.mine(1);
      expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('20'));

      // Now a payout whose nonce another transaction of the same key takes while it is out of the pool.
      const to2 = (await chain.newAccount('0')).address;
      const id2 = await approvedWithdrawal(m, 'USDT', '16', to2);
      await runPayouts(app.db, app.chain);
      const [lost] = await attemptsOf(id2);
      await chain.client.dropTransaction({ hash: lost?.tx_hash as Hex });
      const hash = await chain.walletOf(hot).sendTransaction({ to: hot.address, value: 1n, nonce: lost?.nonce });
      await chain.mine(1);
      expect((await chain.client.getTransactionReceipt({ hash })).status).toBe('success');
      // Evidence only once the taking block has the confirmations (payout-lag.test.ts has more).
      expect(await runPayouts(app.db, app.chain)).toMatchObject({ dropped: 0, signed: 0 });
      await chain.mine(CONFIRMATIONS - 1);
      expect(await runPayouts(app.db, app.chain)).toMatchObject({ dropped: 1, signed: 1 });
      const attempts = await attemptsOf(id2);
      expect(attempts.map((a) => a.status)).toEqual(['dropped', 'sent']);
      expect(attempts[1]?.nonce).toBe((lost?.nonce ?? 0) + 1);
      await chain.mine(CONFIRMATIONS);
      await runPayouts(app.db, app.chain);
      expect(await withdrawalOf(m, id)).toMatchObject({ status: 'arrived', txHash: first?.tx_hash });
      expect(await withdrawalOf(m, id2)).toMatchObject({ status: 'arrived', txHash: attempts[1]?.tx_hash });
      expect(await chain.tokenBalance(usdt, to)).toBe(usdtOnChain('20'));
      expect(await chain.tokenBalance(usdt, to2)).toBe(usdtOnChain('15'));
    } finally {
      await chain.client.setAutomine(true);
    }
  });

  it('retries a reverted payout with a new nonce, then waits for an operator; paid once when funded', async () => {
    const to = (await chain.newAccount('0')).address;
    const availableBefore = await unitsOf(app, m.userId, 'BTC');
    const id = await approvedWithdrawal(m, 'BTC', '0.05', to);
    const given = await approvedWithdrawal(m, 'BTC', '0.02', to);
    // The hot wallet holds no BTC token: every transfer reverts on chain and moves nothing.
    for (let run = 0; run <= MAX_PAYOUT_ATTEMPTS; run++) await runPayouts(app.db, app.chain);
    expect((await attemptsOf(id)).map((a) => a.status)).toEqual(['reverted', 'reverted', 'reverted']);
    const queue = await operatorCall(app, admin, 'withdrawals/page?status=payoutFailed&pageNo=1&pageSize=10');
    expect(queue.body.data.list.map((w: { id: string }) => w.id).sort()).toEqual([id, given].sort());
    expect(queue.body.data.list[0]).toMatchObject({ reviewStatus: 'payoutFailed', payoutAttempts: 3 });
    // An operator may give up on one: nothing of it can still be mined, so the funds go back.
    expect(
      (await operatorCall(app, admin, 'withdrawals/reject', { id: given, reason: 'Payout failed' })).body.code,
    ).toBe(0);
    expect(await unitsOf(app, m.userId, 'BTC')).toBe(availableBefore - 5_000_000n);
    const seen = await withdrawalOf(m, id);
    expect(seen).toMatchObject({ status: 'processing', txHash: null });
    expect(stagesOf(seen)).toEqual([
      'submitted',
      'approved',
      'sent',
      'reverted',
      'sent',
      'reverted',
      'sent',
      'reverted',
    ]);
    expect(await unitsOf(app, m.userId, 'BTC', 'locked')).toBe(5_000_000n);

    await chain.mint(btc, hot.address, 100_000_000n);
    expect((await operatorCall(app, admin, 'withdrawals/approve', { id })).body.data.status).toBe('approved');
    await runPayouts(app.db, app.chain);
    await chain.mine(CONFIRMATIONS);
    await runPayouts(app.db, app.chain);
    expect(await withdrawalOf(m, id)).toMatchObject({ status: 'arrived', received: '0.0499' });
    expect(await chain.tokenBalance(btc, to)).toBe(4_990_000n);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

describe('deposits by transaction hash', () => {
  let alice: PrivateKeyAccount & { key: Hex };
  let bob: PrivateKeyAccount & { key: Hex };
  let a: Member;
  let b: Member;
  const submit = (member: Member, txHash: string) => post(app, member, 'biz/deposit/submit', { txHash });

  beforeAll(async () => {
    alice = await chain.newAccount('1');
    bob = await chain.newAccount('1');
    a = await memberWith(alice);
    b = await memberWith(bob);
    for (const who of [alice, bob]) {
      await chain.mint(usdt, who.address, usdtOnChain('1000'));
      await chain.mint(btc, who.address, 100_000_000n);
      await chain.mint(other, who.address, usdtOnChain('1000'));
    }
  });

  it('tells the app where to pay and which tokens count', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
    expect(res.json().data).toMatchObject({
      features: { deposits: true },
      limits: {
        depositAddress: depositAddress,
        tokenUSDT: usdt,
        tokenBTC: btc,
        confirmations: '3',
        withdrawFeeUSDT: '1',
      },
      // What "Pay from wallet" asks the member's wallet to switch to (or add): no public node is
      // configured here, and this test chain is none the app knows of.
      depositChain: { id: app.config.chain.id, rpcUrls: [], nativeCurrency: { decimals: 18 } },
    });
  });

  it('credits a transfer from the member’s wallet to the platform once, after the confirmations', async () => {
    const hash = await chain.sendToken(alice, usdt, depositAddress, usdtOnChain('50'));
    const first = await submit(a, hash);
    expect(first.body.data).toMatchObject({
      txHash: hash,
      asset: 'USDT',
      amount: '50',
      status: 'confirming',
      confirmations: 1,
      requiredConfirmations: 3,
    });
    expect(await unitsOf(app, a.userId, 'USDT')).toBe(0n);
    // The same hash again (upper case too): the same deposit.
    const again = await submit(a, hash.toUpperCase().replace('0X', '0x'));
    expect(again.body.data.id).toBe(first.body.data.id);

    await chain.mine(CONFIRMATIONS - 1);
    // Two workers at once: one credit.
    const runs = await Promise.all([
      runDeposits(app.db, app.chain, clock.now()),
      runDeposits(app.db, createChain(app.config), clock.now()),
    ]);
    expect(runs[0].credited + runs[1].credited).toBe(1);
    expect(await unitsOf(app, a.userId, 'USDT')).toBe(50_000_000n);
    const third = await submit(a, hash);
    expect(third.body.data).toMatchObject({ id: first.body.data.id, status: 'credited', confirmations: 3 });
    expect(await runDeposits(app.db, app.chain, clock.now())).toMatchObject({ credited: 0 });
    expect(await unitsOf(app, a.userId, 'USDT')).toBe(50_000_000n);

    // Someone else submitting the hash gets nothing, and cannot block the sender either.
    expect((await submit(b, hash)).body.data).toMatchObject({ status: 'rejected', reason: 'notFromYourWallet' });
    const page = await get(app, a, 'biz/deposit/page?pageNo=1&pageSize=10');
    expect(page.body.data).toMatchObject({ total: 1, list: [{ txHash: hash, status: 'credited', amount: '50' }] });
    const records = await get(app, a, 'biz/user-usdt-record/page?pageNo=1&pageSize=1');
    expect(records.body.data.list[0]).toMatchObject({ kind: 'deposit', direction: 'in', amount: '50' });
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('refuses a transfer to another address, of another token, from another wallet, a dust amount and a failed one', async () => {
    const stranger = (await chain.newAccount('0')).address;
    const cases: [Hex, string][] = [
      [await chain.sendToken(alice, usdt, stranger, usdtOnChain('5')), 'notToPlatform'],
      [await chain.sendToken(alice, other, depositAddress, usdtOnChain('5')), 'unsupportedToken'],
      [await chain.sendToken(bob, usdt, depositAddress, usdtOnChain('7')), 'notFromYourWallet'],
      [await chain.sendToken(alice, usdt, depositAddress, 999_999_999_999n), 'tooSmall'],
    ];
    // More than Alice holds: mined, reverted.
    const failed = await chain.walletOf(alice).writeContract({
      address: usdt,
      abi: (await import('../../../test/chain.ts')).testTokenArtifact().abi,
      functionName: 'transfer',
      args: [depositAddress, usdtOnChain('1000000')],
      gas: 100_000n,
    });
    cases.push([failed, 'failedOnChain']);
    await chain.mine(CONFIRMATIONS);
    for (const [hash, reason] of cases) {
      expect((await submit(a, hash)).body.data, reason).toMatchObject({ status: 'rejected', reason });
    }
    expect(await unitsOf(app, a.userId, 'USDT')).toBe(50_000_000n);
  });

  it('credits Bob his own transfer, and BTC in its own decimals', async () => {
    const [usdtHash] = await queryRows<{ tx_hash: string }>(
      app.db,
      sql`select tx_hash from deposits where user_id = ${a.userId} and reason = 'notFromYourWallet'`,
    );
    expect((await submit(b, usdtHash?.tx_hash as string)).body.data).toMatchObject({ status: 'credited', amount: '7' });
    const btcHash = await chain.sendToken(bob, btc, depositAddress, 50_000_000n);
    expect((await submit(b, btcHash)).body.data).toMatchObject({ asset: 'BTC', amount: '0.5', status: 'confirming' });
    await chain.mine(CONFIRMATIONS);
    await runDeposits(app.db, app.chain, clock.now());
    expect(await unitsOf(app, b.userId, 'USDT')).toBe(7_000_000n);
    expect(await unitsOf(app, b.userId, 'BTC')).toBe(50_000_000n);
  });

  it('waits for a hash not yet on chain, gives up after a day, and refuses a malformed one', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    expect((await submit(a, unknown)).body.data).toMatchObject({ status: 'confirming', confirmations: null });
    clock.advance(DEPOSIT_NOT_FOUND_AFTER_MS + 1000);
    await runDeposits(app.db, app.chain, clock.now());
    const page = await get(app, a, 'biz/deposit/page?pageNo=1&pageSize=1');
    expect(page.body.data.list[0]).toMatchObject({ txHash: unknown, status: 'rejected', reason: 'notFound' });
    expect((await submit(a, '0x1234')).body).toMatchObject({ code: 1088, msg: 'Invalid transaction hash' });
  });
});

describe('without a chain', () => {
  it('keeps deposits closed and says so', async () => {
    const bare = await buildTestApp();
    try {
      const { token, body } = await signIn(bare);
      const m: Member = { userId: Number(body.data.userId), token: token as string, headers: bearer(token) };
      expect((await post(bare, m, 'biz/deposit/submit', { txHash: `0x${'cd'.repeat(32)}` })).body).toMatchObject({
        code: 1089,
        msg: 'On-chain deposits are not open',
      });
      const config = await bare.inject({ method: 'GET', url: '/app-api/biz/biz-config/get/basic' });
      expect(config.json().data.features.deposits).toBe(false);
      expect(config.json().data.limits.depositAddress).toBeUndefined();
      expect(config.json().data.depositChain).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
