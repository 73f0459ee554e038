import { sql } from 'drizzle-orm';
import { type Address, erc20Abi, type Hex, parseUnits } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { type LocalChain, startLocalChain } from '../../../test/chain.ts';
import { fund, get, type Member } from '../../../test/money.ts';
import { coin, type StaleRpcProxy, staleRpcProxy } from '../../../test/stale-rpc.ts';
import { bearer, signIn } from '../../../test/wallet.ts';
import { giveEmail, operatorCall } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { setSetting } from '../config/settings.ts';
import { runPayouts } from './payout.ts';
import { PAYOUT_UNCLEAR_ROUNDS } from './payout-follow.ts';
import { lockWithdrawal } from './withdrawals.ts';

/**
 * A lagging RPC never pays twice. The payout worker talks to a real hardhat node
 * through a 127.0.0.1 proxy (test/stale-rpc.ts) that answers chosen queries as a node lagging at an
 * older block would, while others are fresh, as behind a load balancer. Whatever it answers, a
 * withdrawal is paid at most once on chain; a transaction whose nonce another one took (deep, at one
 * pinned block) is still paid again, once.
 */

const CONFIRMATIONS = 3;
let chain: LocalChain;
let proxy: StaleRpcProxy;
let app: TestApp;
let admin: string;
let usdt: Address;
let hot: PrivateKeyAccount & { key: Hex };
let member: Member;

const onChain = (text: string) => parseUnits(text, 18);

/** A withdrawal locked and approved without the email round trip (tested in chain.test.ts). */
async function approvedWithdrawal(amount: string, to: Address): Promise<string> {
  const { withdrawalId } = await app.db.transaction((tx) =>
    lockWithdrawal(
      tx,
      app.chain,
      member.userId as AuthorizedUserId,
      'USDT',
      { amount, address: to, emailCode: 'given' },
      (leg) => `payout-lag:${to}:${leg}`,
      app.clock.now(),
    ),
  );
  const approved = await operatorCall(app, admin, 'withdrawals/approve', { id: withdrawalId });
  expect(approved.body.data.status).toBe('approved');
  return withdrawalId;
}

/** Token transfers that reached `to` on chain: each one a payment. */
async function paymentsTo(to: Address) {
  const logs = await chain.client.getContractEvents({
    address: usdt,
    abi: erc20Abi,
    eventName: 'Transfer',
    args: { to },
    fromBlock: 0n,
  });
  return logs.length;
}

async function attemptsOf(id: string) {
  return queryRows<{ status: string; nonce: number; tx_hash: Hex; unclear_rounds: number }>(
    app.db,
    sql`select status, nonce::int, tx_hash, unclear_rounds from payout_attempts where withdrawal_id = ${Number(id)}
        order by id`,
  );
}

async function statusOf(id: string) {
  const [row] = await queryRows<{ status: string }>(
    app.db,
    sql`select status from withdrawals where id = ${Number(id)}`,
  );
  return row?.status;
}

/**
 * The worker's rounds, a block mined between each (a chain that moves on). A round whose pinned
 * block a lagging node could not serve ends in `payouts wait` (the scheduler logs it and ticks
 * again); those are counted, anything else fails the test.
 */
async function rounds(n: number) {
  let waited = 0;
  for (let i = 0; i < n; i++) {
    await runPayouts(app.db, app.chain).catch((error: Error) => {
      if (!error.message.startsWith('payouts wait:')) throw error;
      waited++;
    });
    await chain.mine(1);
  }
  return waited;
}

const newAddress = async () => (await chain.newAccount('0')).address;

beforeAll(async () => {
  chain = await startLocalChain();
  usdt = await chain.deployToken('USDT', 18);
  hot = await chain.newAccount('100');
  proxy = await staleRpcProxy(chain.url);
  app = await buildTestApp({
    CHAIN_ID: '31337',
    CHAIN_RPC_URL: proxy.url,
    PAYOUT_KEY: hot.key,
    TOKEN_USDT_ADDRESS: usdt,
  });
  admin = await operatorToken(app);
  await setSetting(app.db, 'chain.confirmations', CONFIRMATIONS, 'test');
  const { body, token } = await signIn(app, await chain.newAccount('1'), { overrides: { chainId: 31337 } });
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  member = { userId: Number(body.data.userId), token, headers: bearer(token) };
  await giveEmail(app, member);
  await fund(app, member.userId, 'USDT', '10000');
  await chain.mint(usdt, hot.address, onChain('100000'));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await proxy?.close();
  await chain?.stop();
});

describe('a payout behind a lagging RPC', () => {
  it('is never paid twice when receipts come from a node behind the block that mined it', async () => {
    proxy.view = () => null;
    const to = await newAddress();
    const id = await approvedWithdrawal('30', to);
    expect(await runPayouts(app.db, app.chain)).toMatchObject({ signed: 1, sent: 1 });
    const [first] = await attemptsOf(id);
    const mined = (await chain.client.getTransactionReceipt({ hash: first?.tx_hash as Hex })).blockNumber;
    // Receipts (and transactions by hash) from a node that stopped just before that block; heads,
    // nonces and blocks fresh. The old worker saw "nonce used, no receipt, twice" and paid again.
    proxy.view = (method) =>
      method === 'eth_getTransactionReceipt' || method === 'eth_getTransactionByHash' ? mined - 1n : null;
    await rounds(PAYOUT_UNCLEAR_ROUNDS + 5);
    expect(await paymentsTo(to)).toBe(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    // The block shows our transaction took the nonce; its receipt never came: an operator looks.
    expect(await statusOf(id)).toBe('payout_unclear');
    const queue = await operatorCall(app, admin, 'withdrawals/page?status=payoutUnclear&pageNo=1&pageSize=10');
    expect(queue.body.data.list).toMatchObject([{ id, reviewStatus: 'payoutUnclear', state: 'paying' }]);
    const own = await get(app, member, 'biz/withdraw/page?pageNo=1&pageSize=50');
    expect(own.body.data.list.find((w: { id: string }) => w.id === id)).toMatchObject({
      status: 'processing',
      state: 'paying',
    });
    // Naming the payout itself is no proof that anything else took its nonce.
    const named = await operatorCall(app, admin, 'withdrawals/payout-replaced', { id, replacedBy: first?.tx_hash });
    expect(named.body.code).toBe(1122);

    // The node catches up: the operator is told it is on chain, and the worker settles it, once.
    proxy.view = () => null;
    const late = await operatorCall(app, admin, 'withdrawals/payout-replaced', {
      id,
      replacedBy: `0x${'1'.repeat(64)}`,
    });
    expect(late.body.code).toBe(1123);
    await rounds(2);
    expect(await statusOf(id)).toBe('arrived');
    expect(await paymentsTo(to)).toBe(1);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('pays once behind a balancer that sends each question to a fresh or a lagging node at random', async () => {
    proxy.view = () => null;
    const to = await newAddress();
    const id = await approvedWithdrawal('20', to);
    await runPayouts(app.db, app.chain);
    const [first] = await attemptsOf(id);
    const mined = (await chain.client.getTransactionReceipt({ hash: first?.tx_hash as Hex })).blockNumber;
    const heads = coin(23);
    proxy.view = () => (heads() ? mined - 1n : null);
    await rounds(3 * PAYOUT_UNCLEAR_ROUNDS);
    expect(proxy.stale.get('eth_getTransactionReceipt')).toBeGreaterThan(0);
    expect(await paymentsTo(to)).toBe(1);
    expect(await attemptsOf(id)).toHaveLength(1);
    proxy.view = () => null;
    await rounds(2);
    expect(await statusOf(id)).toBe('arrived');
    expect(await paymentsTo(to)).toBe(1);
  });

  it('pays again, once, when another transaction of the hot wallet took the nonce, after the confirmations', async () => {
    proxy.view = () => null;
    const to = await newAddress();
    await chain.client.setAutomine(false);
    try {
      const id = await approvedWithdrawal('16', to);
      await runPayouts(app.db, app.chain);
      const [lost] = await attemptsOf(id);
      await chain.client.dropTransaction({ hash: lost?.tx_hash as Hex });
      await chain.walletOf(hot).sendTransaction({ to: hot.address, value: 1n, nonce: lost?.nonce });
      await chain.mine(1);
      // Taken, but one block deep of three: not yet evidence.
      expect(await runPayouts(app.db, app.chain)).toMatchObject({ dropped: 0, signed: 0 });
      await chain.mine(CONFIRMATIONS);
      // Even with receipts from a lagging node: the block itself shows who took the nonce.
      const head = await chain.client.getBlockNumber();
      proxy.view = (method) => (method === 'eth_getTransactionReceipt' ? head - 10n : null);
      expect(await runPayouts(app.db, app.chain)).toMatchObject({ dropped: 1, signed: 1 });
      proxy.view = () => null;
      await chain.mine(1);
      await rounds(CONFIRMATIONS + 2);
      const attempts = await attemptsOf(id);
      expect(attempts.map((a) => a.status)).toEqual(['dropped', 'confirmed']);
      expect(attempts[1]?.nonce).toBe((lost?.nonce ?? 0) + 1);
      expect(await statusOf(id)).toBe('arrived');
      expect(await paymentsTo(to)).toBe(1);
    } finally {
      await chain.client.setAutomine(true);
    }
  });

  it('lets an operator pay again by naming the transaction that took the nonce, checked on chain', async () => {
    proxy.view = () => null;
    const to = await newAddress();
    await chain.client.setAutomine(false);
    let id: string;
    let taker: Hex;
    try {
      id = await approvedWithdrawal('12', to);
      await runPayouts(app.db, app.chain);
      const [lost] = await attemptsOf(id);
      await chain.client.dropTransaction({ hash: lost?.tx_hash as Hex });
      taker = await chain.walletOf(hot).sendTransaction({ to: hot.address, value: 1n, nonce: lost?.nonce });
      await chain.mine(CONFIRMATIONS + 1);
    } finally {
      await chain.client.setAutomine(true);
    }
    // A node that serves no block bodies past an old one: the worker cannot see who took the nonce.
    const old = (await chain.client.getBlockNumber()) - 20n;
    proxy.view = (method, params) => (method === 'eth_getBlockByNumber' && params[1] === true ? old : null);
    await rounds(PAYOUT_UNCLEAR_ROUNDS);
    expect(await statusOf(id)).toBe('payout_unclear');
    expect(await attemptsOf(id)).toHaveLength(1);

    // Named: an unrelated transaction is refused; the one that took the nonce is checked and accepted.
    const unrelated = await chain.walletOf(hot).sendTransaction({ to: hot.address, value: 2n });
    await chain.mine(CONFIRMATIONS);
    const wrong = await operatorCall(app, admin, 'withdrawals/payout-replaced', { id, replacedBy: unrelated });
    expect(wrong.body.code).toBe(1122);
    const right = await operatorCall(app, admin, 'withdrawals/payout-replaced', { id, replacedBy: taker });
    expect(right.body).toMatchObject({ code: 0, data: { id, status: 'approved' } });
    const again = await operatorCall(app, admin, 'withdrawals/payout-replaced', { id, replacedBy: taker });
    expect(again.body.code).toBe(1121);
    const [audited] = await queryRows<{ after: { replacedBy: string } }>(
      app.db,
      sql`select after from audit_log where action = 'withdrawal.payout.replaced' and target = ${`withdrawal:${id}`}`,
    );
    expect(audited?.after.replacedBy).toBe(taker.toLowerCase());

    proxy.view = () => null;
    await rounds(CONFIRMATIONS + 2);
    expect((await attemptsOf(id)).map((a) => a.status)).toEqual(['dropped', 'confirmed']);
    expect(await statusOf(id)).toBe('arrived');
    expect(await paymentsTo(to)).toBe(1);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('signs at the stored nonce, not at a pending count that a node’s pool inflates', async () => {
    proxy.view = () => null;
    // A node whose pool holds two transactions of the key that will never be mined.
    proxy.rewrite = (method, params, result) =>
      method === 'eth_getTransactionCount' && params[1] === 'pending'
        ? `0x${(BigInt(result as string) + 2n).toString(16)}`
        : undefined;
    try {
      const to = await newAddress();
      const expected = await chain.client.getTransactionCount({ address: hot.address });
      const id = await approvedWithdrawal('15', to);
      await rounds(CONFIRMATIONS + 2);
      expect((await attemptsOf(id))[0]?.nonce).toBe(expected);
      expect(await statusOf(id)).toBe('arrived');
      expect(await paymentsTo(to)).toBe(1);
    } finally {
      proxy.rewrite = null;
    }
  });
});
