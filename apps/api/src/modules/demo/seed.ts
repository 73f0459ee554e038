import { randomUUID } from 'node:crypto';
import { parseAmount } from '@minecloud/contract/amount';
import { parseHashRate } from '@minecloud/contract/miner';
import { count } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Db, TxDb } from '../../db/client.ts';
import { equityRounds, inviteCodes, minerProducts, notices, users } from '../../db/schema.ts';
import { adjustBalance } from '../adjustments/move.ts';
import { createNotice, setPublished } from '../content/service.ts';
import { openNewRound } from '../equity/service.ts';

const DEMO_ACTOR = 'system:demo';

/** What a member gets on first sign-in in demo mode, so every screen can be tried at once. */
const WELCOME = [
  { asset: 'USDT', amount: '1000' },
  { asset: 'GOLD', amount: '5000' },
] as const;

/** Demo members that can receive gifts; their balances come through audited adjustments. */
const DEMO_MEMBERS = [
  {
    address: '0xde30000000000000000000000000000000000001',
    codes: ['DEMOA1', 'DEMOA2', 'DEMOA3'],
    usdt: '2500',
    gold: '12000',
  },
  {
    address: '0xde30000000000000000000000000000000000002',
    codes: ['DEMOB1', 'DEMOB2', 'DEMOB3'],
    usdt: '800',
    gold: '3000',
  },
  {
    address: '0xde30000000000000000000000000000000000003',
    codes: ['DEMOC1', 'DEMOC2', 'DEMOC3'],
    usdt: '150',
    gold: '600',
  },
];

export async function welcomeDemoFunds(tx: TxDb, userId: number) {
  for (const { asset, amount } of WELCOME) {
    await adjustBalance(
      tx,
      DEMO_ACTOR,
      { userId: String(userId), asset, amount, reason: 'demo welcome balance' },
      (leg) => `demo:welcome:${userId}:${asset}:${leg}`,
    );
  }
}

/** Seeds the demo catalogue once, on an empty database. */
export async function seedDemo(db: Db) {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    for (const member of DEMO_MEMBERS) {
      const [created] = await tx
        .insert(users)
        .values({ address: getAddress(member.address), identity: 'regular', level: 1 })
        .returning({ id: users.id });
      const userId = created!.id;
      await tx.insert(inviteCodes).values(member.codes.map((code, i) => ({ code, userId, department: i + 1 })));
      for (const [asset, amount] of [
        ['USDT', member.usdt],
        ['GOLD', member.gold],
      ] as const) {
        await adjustBalance(
          tx,
          DEMO_ACTOR,
          { userId: String(userId), asset, amount, reason: 'demo member' },
          (leg) => `demo:seed:${randomUUID()}:${leg}`,
        );
      }
    }
  });
  return true;
}

/** Demo miner products (hash rate in TH/s, price in USDT), seeded once when the shop is empty. */
const DEMO_MINERS = [
  { name: 'Antminer S19 XP', image: '/miners/s19.svg', hashRate: '100', price: '100', durationDays: 30, stock: 500 },
  { name: 'Antminer S21', image: '/miners/s21.svg', hashRate: '200', price: '180', durationDays: 60, stock: 300 },
  { name: 'Whatsminer M60', image: '/miners/m60.svg', hashRate: '500', price: '420', durationDays: 90, stock: 120 },
  { name: 'Avalon A1466', image: '/miners/a1466.svg', hashRate: '20', price: '25', durationDays: 15, stock: 0 },
];

export async function seedDemoMiners(db: Db) {
  const [row] = await db.select({ n: count() }).from(minerProducts);
  if ((row?.n ?? 0) > 0) return false;
  await db.insert(minerProducts).values(
    DEMO_MINERS.map((m, sort) => ({
      name: m.name,
      image: m.image,
      hashRate: parseHashRate(m.hashRate)!,
      price: (parseAmount(m.price, 'USDT') as { units: bigint }).units,
      durationDays: m.durationDays,
      stock: m.stock,
      sort,
    })),
  );
  return true;
}

/** A demo equity round, opened once when there has never been one. */
export async function seedDemoEquity(db: Db) {
  const [row] = await db.select({ n: count() }).from(equityRounds);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction((tx) =>
    openNewRound(tx, {
      totalShares: 100_000,
      pricePerShare: '10',
      annualYieldPct: '18',
      minQuantity: 1,
      termDays: 365,
    }),
  );
  return true;
}

/** Demo notices and an article, published once when there are none. */
export async function seedDemoNotices(db: Db) {
  const [row] = await db.select({ n: count() }).from(notices);
  if ((row?.n ?? 0) > 0) return false;
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const input of DEMO_NOTICES) {
      const created = await createNotice(tx, input);
      await setPublished(tx, created.id, true, now);
    }
  });
  return true;
}

const DEMO_NOTICES = [
  {
    type: 'article' as const,
    title: '上下行开奖规则说明',
    summary: '每一轮的结果都可以用行情数据核对',
    contentHtml:
      '<h3>结果从哪里来</h3><p>每轮开盘价为该轮第一分钟K线的开盘价，收盘价为最后一分钟K线的收盘价。收盘高于开盘为涨，低于为跌，相等为平。</p>' +
      '<p>缺少K线的轮次保持待定，绝不猜测。</p>',
    popup: false,
  },
  {
    type: 'notice' as const,
    title: '平台维护通知',
    summary: '本周日 02:00–03:00 系统维护，期间暂停提现',
    contentHtml:
      '<p>本周日 <b>02:00–03:00</b> 进行系统维护，期间暂停提现，其他功能不受影响。</p><p>感谢您的理解与支持。</p>',
    popup: false,
  },
  {
    type: 'notice' as const,
    title: '欢迎来到 MineCloud 演示版',
    summary: '演示版的行情为模拟数据，资产仅供体验',
    contentHtml:
      '<p>这是演示环境：行情为<b>模拟行情</b>，新成员的资产仅供体验。</p><p>所有资金变动均记入复式账本，可在资产明细中逐笔核对。</p>',
    // Not a pop-up: an operator chooses what interrupts members on home.
    popup: false,
  },
];
