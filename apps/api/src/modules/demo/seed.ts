import { randomUUID } from 'node:crypto';
import { parseAmount } from '@minecloud/contract/amount';
import { parseHashRate } from '@minecloud/contract/miner';
import type { SettingKey } from '@minecloud/contract/settings';
import { count, eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { Db, TxDb } from '../../db/client.ts';
import { equityRounds, inviteCodes, minerProducts, notices, settingChanges, users } from '../../db/schema.ts';
import { adjustBalance } from '../adjustments/move.ts';
import { setSetting } from '../config/settings.ts';
import { createNotice, type NoticeInput, setPublished } from '../content/service.ts';
import { openNewRound } from '../equity/service.ts';
import { setStock } from '../mining/stock.ts';

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
  const rows = await db
    .insert(minerProducts)
    .values(
      DEMO_MINERS.map((m, sort) => ({
        name: m.name,
        image: m.image,
        hashRate: parseHashRate(m.hashRate)!,
        price: (parseAmount(m.price, 'USDT') as { units: bigint }).units,
        durationDays: m.durationDays,
        sort,
      })),
    )
    .returning({ id: minerProducts.id, sort: minerProducts.sort });
  for (const row of rows) await setStock(db, row.id, DEMO_MINERS[row.sort]!.stock);
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

/** Sets `key` as the demo (audited, as an operator's change is) when it was never set; true when it did. */
async function setOnce(db: Db, key: SettingKey, value: unknown, effectiveAt?: Date) {
  const [row] = await db.select({ n: count() }).from(settingChanges).where(eq(settingChanges.key, key));
  if ((row?.n ?? 0) > 0) return false;
  await setSetting(db, key, value, DEMO_ACTOR, effectiveAt ? { effectiveAt } : {});
  return true;
}

/**
 * The demo's support email, set once when it was never set: production starts with no support
 * contact. No Telegram: any username would be someone's.
 */
export const seedDemoSupport = (db: Db) => setOnce(db, 'support.email', 'support@example.com');

/**
 * In demo mode an approved loosening change of a guarded setting waits no extra hours
 * (`config.loosenDelayHours` 0, in force from the start, set once), so the four-eyes flow can be
 * tried, and the e2e run through, in minutes; production keeps the 24 h default (docs/operations.md).
 */
export const seedDemoLoosenDelay = (db: Db) => setOnce(db, 'config.loosenDelayHours', 0, new Date(0));

/**
 * The demo pays its mining output from the network, in force from the start (set once): its days
 * come from the simulated chain (modules/network/simulated-chain.ts), labelled so wherever they show,
 * and a BTC_RPC_URL node takes its place when set. Production starts at the fixed rate.
 */
export const seedDemoNetworkOutput = (db: Db) => setOnce(db, 'mining.networkOutput', true, new Date(0));

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

/** In Chinese (the base) and in every other language, so the demo shows none in another one. */
const DEMO_NOTICES: NoticeInput[] = [
  {
    type: 'article',
    title: '上下行开奖规则说明',
    summary: '每一轮的结果都可以用行情数据核对',
    contentHtml:
      '<h3>结果从哪里来</h3><p>每轮开盘价为该轮第一分钟K线的开盘价，收盘价为最后一分钟K线的收盘价。收盘高于开盘为涨，低于为跌，相等为平。</p>' +
      '<p>缺少K线的轮次保持待定，绝不猜测。</p>',
    popup: false,
    translations: {
      en: {
        title: 'How up-and-down rounds are settled',
        summary: 'Every round’s result can be checked against the market data',
        contentHtml:
          '<h3>Where the result comes from</h3><p>A round’s open is the open of its first 1-minute candle, and its close is the close of its last 1-minute candle. Close above open is Up, below is Down, equal is Flat.</p>' +
          '<p>A round with missing candles stays pending; it is never guessed.</p>',
      },
      'zh-TW': {
        title: '上下行開獎規則說明',
        summary: '每一輪的結果都可以用行情數據核對',
        contentHtml:
          '<h3>結果從哪裡來</h3><p>每輪開盤價為該輪第一分鐘K線的開盤價，收盤價為最後一分鐘K線的收盤價。收盤高於開盤為漲，低於為跌，相等為平。</p>' +
          '<p>缺少K線的輪次保持待定，絕不猜測。</p>',
      },
      'ko-KR': {
        title: '상승·하락 결과 규칙 안내',
        summary: '매 회차의 결과는 시세 데이터로 확인할 수 있습니다',
        contentHtml:
          '<h3>결과는 어디에서 나오나요</h3><p>각 회차의 시가는 회차 첫 1분 캔들의 시가이고, 종가는 마지막 1분 캔들의 종가입니다. 종가가 시가보다 높으면 상승, 낮으면 하락, 같으면 보합입니다.</p>' +
          '<p>캔들이 빠진 회차는 미정으로 남으며, 절대 추측하지 않습니다.</p>',
      },
      'ms-MY': {
        title: 'Cara keputusan pusingan naik dan turun ditentukan',
        summary: 'Keputusan setiap pusingan boleh disemak dengan data pasaran',
        contentHtml:
          '<h3>Dari mana keputusan datang</h3><p>Harga buka pusingan ialah harga buka lilin 1 minit pertamanya, dan harga tutupnya ialah harga tutup lilin 1 minit terakhirnya. Tutup lebih tinggi daripada buka ialah Naik, lebih rendah ialah Turun, sama ialah Sama.</p>' +
          '<p>Pusingan yang kekurangan lilin kekal belum ditentukan; ia tidak sekali-kali diteka.</p>',
      },
    },
  },
  {
    type: 'notice',
    title: '平台维护通知',
    summary: '本周日 02:00–03:00 系统维护，期间暂停提现',
    contentHtml:
      '<p>本周日 <b>02:00–03:00</b> 进行系统维护，期间暂停提现，其他功能不受影响。</p><p>感谢您的理解与支持。</p>',
    popup: false,
    translations: {
      en: {
        title: 'Platform maintenance',
        summary: 'System maintenance this Sunday 02:00–03:00; withdrawals are paused meanwhile',
        contentHtml:
          '<p>The system is under maintenance this Sunday, <b>02:00–03:00</b>. Withdrawals are paused meanwhile; everything else works as usual.</p><p>Thank you for your understanding and support.</p>',
      },
      'zh-TW': {
        title: '平台維護通知',
        summary: '本週日 02:00–03:00 系統維護，期間暫停提現',
        contentHtml:
          '<p>本週日 <b>02:00–03:00</b> 進行系統維護，期間暫停提現，其他功能不受影響。</p><p>感謝您的理解與支持。</p>',
      },
      'ko-KR': {
        title: '플랫폼 점검 안내',
        summary: '이번 일요일 02:00–03:00 시스템 점검, 점검 중 출금 일시 중단',
        contentHtml:
          '<p>이번 일요일 <b>02:00–03:00</b>에 시스템 점검이 진행됩니다. 점검 중에는 출금이 일시 중단되며, 다른 기능은 영향을 받지 않습니다.</p><p>양해와 성원에 감사드립니다.</p>',
      },
      'ms-MY': {
        title: 'Notis penyelenggaraan platform',
        summary: 'Penyelenggaraan sistem Ahad ini 02:00–03:00; pengeluaran digantung sementara',
        contentHtml:
          '<p>Sistem diselenggara pada Ahad ini, <b>02:00–03:00</b>. Pengeluaran digantung dalam tempoh itu; fungsi lain tidak terjejas.</p><p>Terima kasih atas pemahaman dan sokongan anda.</p>',
      },
    },
  },
  {
    type: 'notice',
    title: '欢迎来到 MineCloud 演示版',
    summary: '演示版的行情为模拟数据，资产仅供体验',
    contentHtml:
      '<p>这是演示环境：行情为<b>模拟行情</b>，新成员的资产仅供体验。</p><p>所有资金变动均记入复式账本，可在资产明细中逐笔核对。</p>',
    // Not a pop-up: an operator chooses what interrupts members on home.
    popup: false,
    translations: {
      en: {
        title: 'Welcome to the MineCloud demo',
        summary: 'Market data in the demo is simulated; balances are for trying it out',
        contentHtml:
          '<p>This is a demo environment: prices are <b>simulated</b>, and new members’ balances are for trying it out only.</p><p>Every movement of money is recorded in a double-entry ledger and can be checked entry by entry in your asset details.</p>',
      },
      'zh-TW': {
        title: '歡迎來到 MineCloud 演示版',
        summary: '演示版的行情為模擬數據，資產僅供體驗',
        contentHtml:
          '<p>這是演示環境：行情為<b>模擬行情</b>，新成員的資產僅供體驗。</p><p>所有資金變動均記入複式帳本，可在資產明細中逐筆核對。</p>',
      },
      'ko-KR': {
        title: 'MineCloud 데모에 오신 것을 환영합니다',
        summary: '데모의 시세는 모의 데이터이며, 자산은 체험용입니다',
        contentHtml:
          '<p>이곳은 데모 환경입니다. 시세는 <b>모의 시세</b>이며, 신규 회원의 자산은 체험용입니다.</p><p>모든 자금 변동은 복식 원장에 기록되며, 자산 내역에서 한 건씩 확인할 수 있습니다.</p>',
      },
      'ms-MY': {
        title: 'Selamat datang ke demo MineCloud',
        summary: 'Data pasaran dalam demo adalah simulasi; baki hanya untuk mencuba',
        contentHtml:
          '<p>Ini persekitaran demo: harga pasaran adalah <b>simulasi</b>, dan baki ahli baharu hanya untuk mencuba.</p><p>Setiap pergerakan wang direkodkan dalam lejar catatan bergu dan boleh disemak satu per satu dalam butiran aset anda.</p>',
      },
    },
  },
];
