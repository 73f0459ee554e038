import { formatAmount } from '@minecloud/contract/amount';
import { buildLevels, leafOf, type Node, pathOf } from '@minecloud/contract/merkle-sum';
import type {
  LiabilityProofAnswer,
  LiabilityRoot,
  ParametersAnswer,
  TransparencyTotals,
} from '@minecloud/contract/transparency';
import { CONFIG, OWN_ID, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures of the transparency page's tests (imported by tests only). */
export const TOTALS = 'transparency/totals';
export const LIABILITIES = 'transparency/liabilities';
export const PROOF = 'transparency/liabilities/proof';
export const PARAMETERS = 'transparency/parameters';

export const DAY = '2026-11-23';
export const SALT = 'a1'.repeat(32);
/** The member's USDT balance in the tree: 12.5 USDT. */
export const OWN_UNITS = 12_500_000n;

/** Another member's leaf, as a test of a tree with a few members needs. */
const other = (id: string, units: bigint) => leafOf(id, units, `${id.slice(-2)}`.padStart(2, '0').repeat(32));

/**
 * A USDT tree of five members, the signed-in one included, and their proof: `owner`'s leaf and its
 * path up to the root, as the server would answer it.
 */
export function buildTree(owner = OWN_ID, units = OWN_UNITS, salt = SALT) {
  const own = leafOf(owner, units, salt);
  const leaves: Node[] = [
    own,
    other('100011', 100_000_000n),
    other('100012', 0n),
    other('100013', 7_250_000n),
    other('100014', 30_000_000n),
  ];
  const levels = buildLevels(leaves);
  const index = (levels[0] ?? []).findIndex((leaf) => leaf.hash === own.hash);
  const root = levels[levels.length - 1]?.[0] as Node;
  const answer: LiabilityProofAnswer = {
    day: DAY,
    asset: 'USDT',
    takenAt: '2026-11-23T16:00:05.000Z',
    balance: '12.5',
    proof: {
      userId: owner,
      amount: units.toString(),
      salt,
      path: pathOf(levels, index),
      root: { hash: root.hash, sum: root.sum.toString() },
    },
  };
  return { answer, root };
}

/** The published root of a tree, as the liabilities list has it. */
export function publishedRoot(root: Node, over: Partial<LiabilityRoot> = {}): LiabilityRoot {
  return {
    day: DAY,
    asset: 'USDT',
    root: root.hash,
    totalUnits: root.sum.toString(),
    total: formatAmount(root.sum, 'USDT'),
    members: 5,
    takenAt: '2026-11-23T16:00:05.000Z',
    ...over,
  };
}

const hash = (c: string) => c.repeat(64);

/** Three days of roots per asset, newest first; USDT's newest is `usdtRoot`. */
export function liabilitiesList(usdtRoot: LiabilityRoot): LiabilityRoot[] {
  const older = (day: string, asset: LiabilityRoot['asset'], total: string, totalUnits: string, h: string) => ({
    day,
    asset,
    root: hash(h),
    totalUnits,
    total,
    members: 4,
    takenAt: `${day}T16:00:04.000Z`,
  });
  return [
    usdtRoot,
    older(DAY, 'GOLD', '52000.5', '5200050', 'b'),
    older(DAY, 'BTC', '0.12345678', '12345678', 'c'),
    older('2026-11-22', 'USDT', '140.25', '140250000', 'd'),
    older('2026-11-22', 'GOLD', '50000', '5000000', 'e'),
    older('2026-11-22', 'BTC', '0.1', '10000000', 'f'),
    older('2026-11-21', 'USDT', '99.5', '99500000', '1'),
    older('2026-11-21', 'GOLD', '48000', '4800000', '2'),
    older('2026-11-21', 'BTC', '0.05', '5000000', '3'),
  ];
}

export const TX_HASH = '0x9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

export function totalsAnswer(over: Partial<TransparencyTotals> = {}): TransparencyTotals {
  return {
    members: 1287,
    hashRate: '5230.456',
    burned: '275.3',
    liabilities: [],
    donations: {
      totals: [
        { asset: 'GOLD', amount: '12000.999', count: 40 },
        { asset: 'USDT', amount: '350.5', count: 7 },
      ],
      recent: [
        {
          id: 'd1',
          address: '0xAAAA...1111',
          asset: 'USDT',
          amount: '50',
          transferId: '9001',
          at: new Date(2026, 10, 23, 9, 30, 0).toISOString(),
        },
      ],
    },
    withdrawals: {
      totals: [
        { asset: 'USDT', amount: '25000.123456', count: 120 },
        { asset: 'BTC', amount: '0.5', count: 3 },
      ],
      recent: [
        { asset: 'USDT', amount: '100', txHash: TX_HASH, paidAt: new Date(2026, 10, 22, 18, 0, 0).toISOString() },
      ],
    },
    ...over,
  };
}

export function parametersAnswer(over: Partial<ParametersAnswer> = {}): ParametersAnswer {
  return {
    current: [
      { key: 'mining.burnRate', value: '0.05' },
      { key: 'team.directRate', value: '0.125' },
      { key: 'pool.weights', value: '[40,25,15,10,10]' },
      { key: 'withdraw.fee.USDT', value: '1' },
      { key: 'equity.tradingOpen', value: 'false' },
      { key: 'team.silverBonusPct', value: '5' },
      { key: 'future.knob', value: '7' },
    ],
    changes: [
      {
        id: '12',
        key: 'withdraw.fee.USDT',
        before: '1',
        value: '0.8',
        announcedAt: '2026-11-23T03:12:00.000Z',
        effectiveAt: '2026-11-24T16:00:00.000Z',
        inEffect: false,
      },
      {
        id: '11',
        key: 'mining.burnRate',
        before: '0.04',
        value: '0.05',
        announcedAt: '2026-11-01T02:00:00.000Z',
        effectiveAt: '2026-11-02T16:00:00.000Z',
        inEffect: true,
      },
    ],
    timeZone: 'Asia/Shanghai',
    ...over,
  };
}

type Handlers = Parameters<typeof mockServer>[0];

/** The page's four calls answered, with `proof` as the member's proof (and the user call). */
export function transparencyServer(
  options: { proof?: LiabilityProofAnswer; published?: LiabilityRoot[] } = {},
  overrides: Handlers = {},
) {
  const tree = buildTree();
  const proof = options.proof ?? tree.answer;
  const published = options.published ?? liabilitiesList(publishedRoot(tree.root));
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    [`GET /app-api/${TOTALS}`]: () => ok(totalsAnswer()),
    [`GET /app-api/${LIABILITIES}`]: () => ok({ list: published }),
    [`GET /app-api/${PROOF}`]: () => ok(proof),
    [`GET /app-api/${PARAMETERS}`]: () => ok(parametersAnswer()),
    'GET /app-api/transparency/network-days': () => ok({ list: [] }),
    ...overrides,
  });
}
