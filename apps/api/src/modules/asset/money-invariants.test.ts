import { randomUUID } from 'node:crypto';
import { ASSET_SCALES, type Asset, ENTRY_PLACES, formatAmount } from '@minecloud/contract/amount';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, operatorToken, type TestApp } from '../../../test/app.ts';
import { failingInsert } from '../../../test/faults.ts';
import { fund, type Member, newMember, post, unitsOf } from '../../../test/money.ts';
import { giveEmail, operatorCall, withdrawPath } from '../../../test/withdraw.ts';
import { queryRows } from '../../db/client.ts';
import { checkLedger } from '../../ledger/check.ts';
import { oncePerKey } from '../../money/idempotency.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { lockWithdrawal } from '../wallet/withdrawals.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MONEY_PER_MINUTE: '100000' });
});
afterAll(() => app.close());

const count = async (table: 'transfers' | 'donations' | 'idempotency_keys') =>
  Number((await queryRows<{ n: string }>(app.db, sql`select count(*)::text as n from ${sql.raw(table)}`))[0]?.n);

describe('race: concurrent money calls against a balance that covers only some', () => {
  it('lets exactly k of 200 concurrent gifts through', async () => {
    const giver = await newMember(app);
    const taker = await newMember(app);
    const k = 37;
    await fund(app, giver.userId, 'GOLD', String(k));
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        post(app, giver, 'asset/send', { toUserId: String(taker.userId), asset: 'GOLD', amount: '1' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(k);
    expect(results.filter((r) => r.body.code === 1010)).toHaveLength(200 - k);
    expect(await unitsOf(app, giver.userId, 'GOLD')).toBe(0n);
    expect(await unitsOf(app, taker.userId, 'GOLD')).toBe(BigInt(k * 100));
    expect((await checkLedger(app.db)).ok).toBe(true);
  });

  it('lets exactly k of 200 concurrent donations and top-ups through', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '50');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? post(app, m, 'donate_logs/clickDonate', { asset: 'USDT', amount: '1' })
          : post(app, m, 'asset/topup', { amountUsdt: '1' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(50);
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(0n);
    expect((await checkLedger(app.db)).ok).toBe(true);
  });
});

describe('idempotency', () => {
  it('gives one effect and the same answer to 50 identical requests with one key', async () => {
    const giver = await newMember(app);
    const taker = await newMember(app);
    await fund(app, giver.userId, 'USDT', '100');
    const key = randomUUID();
    const body = { toUserId: String(taker.userId), asset: 'USDT', amount: '1.5' };
    const results = await Promise.all(Array.from({ length: 50 }, () => post(app, giver, 'asset/send', body, key)));
    const answers = new Set(results.map((r) => JSON.stringify(r.body)));
    expect(answers.size).toBe(1);
    expect(results[0]?.body.code).toBe(0);
    expect(await unitsOf(app, taker.userId, 'USDT')).toBe(1_500_000n);
    expect(await unitsOf(app, giver.userId, 'USDT')).toBe(98_500_000n);

    const other = await post(app, giver, 'asset/send', { ...body, amount: '2' }, key);
    expect(other).toMatchObject({ status: 409, body: { code: 409 } });
    expect(await unitsOf(app, taker.userId, 'USDT')).toBe(1_500_000n);
  });

  it('keeps keys per member: the same key from another member is a new request', async () => {
    const a = await newMember(app);
    const b = await newMember(app);
    await fund(app, a.userId, 'USDT', '1', 'earnings');
    await fund(app, b.userId, 'USDT', '2', 'earnings');
    const key = randomUUID();
    expect((await post(app, a, 'biz/user-usdt-record/receive', {}, key)).body.data.claimed).toBe('1');
    expect((await post(app, b, 'biz/user-usdt-record/receive', {}, key)).body.data.claimed).toBe('2');
  });
});

describe('all or nothing', () => {
  const failing = <T>(table: string, when: string, run: () => Promise<T>) => failingInsert(app, table, when, run);

  it.each([
    ['the USDT payment', 'transfers', "new.kind = 'topup' and new.asset = 'USDT'"],
    ['the gold credit', 'transfers', "new.kind = 'topup' and new.asset = 'GOLD'"],
    ['the idempotency answer', 'idempotency_keys', 'true'],
  ])('a top-up whose %s fails leaves no trace', async (_leg, table, when) => {
    const m = await newMember(app);
    await fund(app, m.userId, 'USDT', '10');
    const transfers = await count('transfers');
    const keys = await count('idempotency_keys');
    const res = await failing(table, when, () => post(app, m, 'asset/topup', { amountUsdt: '1' }));
    expect(res).toMatchObject({ status: 500, body: { code: 500 } });
    expect(await unitsOf(app, m.userId, 'USDT')).toBe(10_000_000n);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(0n);
    expect(await count('transfers')).toBe(transfers);
    expect(await count('idempotency_keys')).toBe(keys);
    expect((await checkLedger(app.db)).ok).toBe(true);
    // The same key works once the fault is gone: nothing half-done was remembered.
  });

  it.each([
    ['the credit', 'accounts', 'true'],
    ['the transfer record', 'transfers', "new.kind = 'gift'"],
    ['the idempotency answer', 'idempotency_keys', 'true'],
  ])('a gift whose %s fails leaves no trace, and the same key works afterwards', async (_leg, table, when) => {
    const [a, b] = [await newMember(app), await newMember(app)];
    await fund(app, a.userId, 'GOLD', '10');
    const transfers = await count('transfers');
    const keys = await count('idempotency_keys');
    const key = randomUUID();
    const gift = { toUserId: String(b.userId), asset: 'GOLD', amount: '1' };
    const res = await failing(table, when, () => post(app, a, 'asset/send', gift, key));
    expect(res).toMatchObject({ status: 500, body: { code: 500 } });
    expect(await unitsOf(app, a.userId, 'GOLD')).toBe(1000n);
    expect(await unitsOf(app, b.userId, 'GOLD')).toBe(0n);
    expect(await count('transfers')).toBe(transfers);
    expect(await count('idempotency_keys')).toBe(keys);
    expect((await checkLedger(app.db)).ok).toBe(true);
    const retry = await post(app, a, 'asset/send', gift, key);
    expect(retry.body.code).toBe(0);
    expect(await unitsOf(app, b.userId, 'GOLD')).toBe(100n);
  });

  it('a donation whose public record fails moves no money', async () => {
    const m = await newMember(app);
    await fund(app, m.userId, 'GOLD', '10');
    const donations = await count('donations');
    const key = randomUUID();
    const res = await failing('donations', 'true', () =>
      post(app, m, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '1' }, key),
    );
    expect(res.status).toBe(500);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(1000n);
    expect(await count('donations')).toBe(donations);
    const retry = await post(app, m, 'donate_logs/clickDonate', { asset: 'GOLD', amount: '1' }, key);
    expect(retry.body.code).toBe(0);
    expect(await unitsOf(app, m.userId, 'GOLD')).toBe(900n);
  });
});

describe('seeded random model', () => {
  /** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
  function rng(seed: number) {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('keeps the ledger balanced and every balance equal to the model after every step', async () => {
    const seed = Number(process.env.MODEL_SEED ?? Date.now() % 1_000_000);
    const random = rng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const members: Member[] = [];
    for (let i = 0; i < 4; i += 1) members.push(await newMember(app));
    for (const m of members) await giveEmail(app, m);
    const operator = await operatorToken(app);
    const pending: { id: string; member: Member; asset: 'USDT' | 'BTC'; amount: bigint }[] = [];
    type Book = Record<Asset, { available: bigint; earnings: bigint; locked: bigint }>;
    const model = new Map<number, Book>(
      members.map((m) => [
        m.userId,
        {
          GOLD: { available: 0n, earnings: 0n, locked: 0n },
          USDT: { available: 0n, earnings: 0n, locked: 0n },
          BTC: { available: 0n, earnings: 0n, locked: 0n },
        },
      ]),
    );
    const book = (m: Member) => model.get(m.userId)!;
    const units = (asset: Asset) =>
      BigInt(
        Math.floor(random() * 5) * (asset === 'GOLD' ? 100 : asset === 'USDT' ? 1_000_000 : 100_000_000) +
          Math.floor(random() * 1000),
      );
    /** The smallest step a member may enter (ENTRY_PLACES): a cent of USDT is 10_000 units. */
    const step = (asset: Asset) => 10n ** BigInt(ASSET_SCALES[asset] - ENTRY_PLACES[asset]);
    /** An amount a member may enter, now and then with a finer part (refused with 1016). */
    const entered = (asset: Asset) => {
      const base = 10n ** BigInt(ASSET_SCALES[asset]);
      const finer = step(asset) > 1n && random() < 0.2 ? 1n + BigInt(Math.floor(random() * 9_999)) : 0n;
      return BigInt(Math.floor(random() * 5)) * base + BigInt(Math.floor(random() * 1000)) * step(asset) + finer;
    };
    const tooFine = (amount: bigint, asset: Asset) => amount % step(asset) !== 0n;

    try {
      for (let step = 0; step < 60; step += 1) {
        const m = pick(members);
        const op = pick(['fund', 'earn', 'gift', 'topup', 'donate', 'claim', 'withdraw', 'review'] as const);
        if (op === 'fund' || op === 'earn') {
          const asset = pick(op === 'earn' ? (['USDT', 'BTC'] as const) : (['GOLD', 'USDT', 'BTC'] as const));
          const amount = units(asset) + 1n;
          await fund(app, m.userId, asset, formatAmount(amount, asset), op === 'earn' ? 'earnings' : 'available');
          book(m)[asset][op === 'earn' ? 'earnings' : 'available'] += amount;
        } else if (op === 'gift') {
          const to = pick(members.filter((x) => x !== m));
          const asset = pick(['GOLD', 'USDT'] as const);
          const amount = entered(asset);
          const res = await post(app, m, 'asset/send', {
            toUserId: String(to.userId),
            asset,
            amount: formatAmount(amount, asset),
          });
          if (amount === 0n) expect(res.body.code).toBe(1011);
          else if (tooFine(amount, asset)) expect(res.body.code).toBe(1016);
          else if (amount > book(m)[asset].available) expect(res.body.code).toBe(1010);
          else {
            expect(res.body.code).toBe(0);
            book(m)[asset].available -= amount;
            book(to)[asset].available += amount;
          }
        } else if (op === 'topup') {
          const usdt = entered('USDT');
          const res = await post(app, m, 'asset/topup', { amountUsdt: formatAmount(usdt, 'USDT') });
          if (usdt === 0n) expect(res.body.code).toBe(1011);
          else if (tooFine(usdt, 'USDT')) expect(res.body.code).toBe(1016);
          else if (usdt > book(m).USDT.available) expect(res.body.code).toBe(1010);
          else {
            expect(res.body.code).toBe(0);
            book(m).USDT.available -= usdt;
            book(m).GOLD.available += (usdt * 100n) / 10_000n;
          }
        } else if (op === 'donate') {
          const asset = pick(['GOLD', 'USDT'] as const);
          const amount = entered(asset);
          const res = await post(app, m, 'donate_logs/clickDonate', { asset, amount: formatAmount(amount, asset) });
          if (amount === 0n) expect(res.body.code).toBe(1011);
          else if (tooFine(amount, asset)) expect(res.body.code).toBe(1016);
          else if (amount > book(m)[asset].available) expect(res.body.code).toBe(1010);
          else {
            expect(res.body.code).toBe(0);
            book(m)[asset].available -= amount;
          }
        } else if (op === 'withdraw') {
          // The route's money transaction (its email code is checked before it, in withdrawals.test.ts).
          const asset = pick(['USDT', 'BTC'] as const);
          const amount = entered(asset) + (asset === 'USDT' ? 10_000_000n : 100_000n);
          const body = { amount: formatAmount(amount, asset), address: `0x${'5a'.repeat(20)}`, emailCode: '000000' };
          const scope = { userId: m.userId, key: randomUUID(), route: withdrawPath(asset), body };
          const outcome = await oncePerKey(app.db, scope, {
            work: (tx, legKey) =>
              lockWithdrawal(tx, null, m.userId as AuthorizedUserId, asset, body, legKey, new Date()),
          }).catch((error: { name_?: string }) => error);
          if (tooFine(amount, asset)) expect(outcome).toMatchObject({ name_: 'amountTooManyDecimals' });
          else if (amount > book(m)[asset].available) expect(outcome).toMatchObject({ name_: 'insufficientBalance' });
          else {
            const id = (outcome as { withdrawalId: string }).withdrawalId;
            expect(id).toMatch(/^\d+$/);
            pending.push({ id, member: m, asset, amount });
            book(m)[asset].available -= amount;
            book(m)[asset].locked += amount;
          }
        } else if (op === 'review') {
          const decided = pending.splice(Math.floor(random() * pending.length), 1)[0];
          if (decided) {
            const reject = random() < 0.5;
            const res = reject
              ? await operatorCall(app, operator, 'withdrawals/reject', { id: decided.id, reason: 'model' })
              : await operatorCall(app, operator, 'withdrawals/approve', { id: decided.id });
            expect(res.body.code).toBe(0);
            // Approved ones stay locked until paid on chain (there is no chain here).
            if (reject) {
              book(decided.member)[decided.asset].available += decided.amount;
              book(decided.member)[decided.asset].locked -= decided.amount;
            }
          }
        } else {
          const asset = pick(['USDT', 'BTC'] as const);
          const path = asset === 'USDT' ? 'biz/user-usdt-record/receive' : 'biz/user-btc-record/receive';
          const res = await post(app, m, path, {});
          if (book(m)[asset].earnings === 0n) expect(res.body.code).toBe(1015);
          else {
            expect(res.body.code).toBe(0);
            book(m)[asset].available += book(m)[asset].earnings;
            book(m)[asset].earnings = 0n;
          }
        }
        const check = await checkLedger(app.db);
        expect(check.mismatches).toEqual([]);
        expect(check.ok).toBe(true);
        for (const member of members) {
          for (const asset of ['GOLD', 'USDT', 'BTC'] as const) {
            expect(await unitsOf(app, member.userId, asset, 'available')).toBe(book(member)[asset].available);
            expect(await unitsOf(app, member.userId, asset, 'earnings')).toBe(book(member)[asset].earnings);
            expect(await unitsOf(app, member.userId, asset, 'locked')).toBe(book(member)[asset].locked);
          }
        }
      }
    } catch (error) {
      console.error(`seeded model test failed; replay with MODEL_SEED=${seed}`);
      throw error;
    }
    const negative = await queryRows<{ n: string }>(
      app.db,
      sql`select count(*)::text as n from accounts where balance < 0`,
    );
    expect(negative[0]?.n).toBe('0');
  });
});
