import { type Asset, formatAmount } from '@minecloud/contract/amount';
import {
  commitmentOf,
  type ReserveAddress,
  reserveMessage,
  type SolvencyAnswer,
  type SolvencyAsset,
  type SolvencyDay,
  solvencyRatio,
} from '@minecloud/contract/solvency';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ok } from '@/test/render-app';
import { buildTree, DAY, transparencyServer } from './transparency-fixtures';

/** Fixtures of the proof of solvency's tests (imported by tests only): real keys, real signatures. */
export const SOLVENCY = 'transparency/solvency';
export const RPC_URL = 'https://rpc.example.org/rpc';
export const CHAIN_ID = 56;
export const EXPLORER = 'https://bscscan.com';

/** The reserve addresses' keys, new for each test run. */
export const HOT = privateKeyToAccount(generatePrivateKey());
export const COLD = privateKeyToAccount(generatePrivateKey());
const STRANGER = privateKeyToAccount(generatePrivateKey());
export const hotAddress = HOT.address.toLowerCase();
export const coldAddress = COLD.address.toLowerCase();

const USDT_TOKEN = `0x${'55'.repeat(20)}`;
const BTC_TOKEN = `0x${'7b'.repeat(20)}`;
const DECIMALS = 18;
const ONE = 10n ** 18n;

export const DAYS = ['2026-11-21', '2026-11-22', DAY] as const;

/** A token amount in its smallest units as the decimal the answer shows ("100", "0.2"). */
function decimalOf(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${units / scale}.${fraction}` : `${units / scale}`;
}

type Holding = { account: typeof HOT; kind: 'hot' | 'cold'; label: string; units: bigint };

async function reserve(day: string, holding: Holding, forge: boolean): Promise<ReserveAddress> {
  const address = holding.account.address.toLowerCase();
  // A forged signature: the right message, signed by a key that is not the address's.
  const signer = forge ? STRANGER : holding.account;
  return {
    address,
    kind: holding.kind,
    label: holding.label,
    balanceUnits: holding.units.toString(),
    balance: decimalOf(holding.units, DECIMALS),
    signature: await signer.signMessage({ message: reserveMessage(CHAIN_ID, address, day) }),
  };
}

async function onChainAsset(
  day: string,
  asset: 'USDT' | 'BTC',
  token: string,
  liabilityUnits: bigint,
  root: string,
  holdings: Holding[],
  forge: string | null,
): Promise<SolvencyAsset> {
  const addresses = await Promise.all(holdings.map((h) => reserve(day, h, forge === h.account.address.toLowerCase())));
  const totalUnits = holdings.reduce((sum, h) => sum + h.units, 0n);
  const { ratio, covered } = solvencyRatio(totalUnits, DECIMALS, liabilityUnits, asset);
  return {
    asset,
    liabilities: {
      root,
      totalUnits: liabilityUnits.toString(),
      total: formatAmount(liabilityUnits, asset),
      members: 5,
    },
    reserves: {
      token,
      decimals: DECIMALS,
      totalUnits: totalUnits.toString(),
      total: decimalOf(totalUnits, DECIMALS),
      addresses,
    },
    ratio,
    covered,
  };
}

const goldAsset = (units: bigint): SolvencyAsset => ({
  asset: 'GOLD',
  liabilities: {
    root: 'b'.repeat(64),
    totalUnits: units.toString(),
    total: formatAmount(units, 'GOLD' as Asset),
    members: 4,
  },
  reserves: null,
  ratio: null,
  covered: null,
});

export type SolvencyOptions = {
  /** The cold wallet's USDT on the newest day, in token units (default 100 USDT: 200 in all). */
  newestColdUsdt?: bigint;
  /** The address whose newest-day signature is made by another key. */
  forge?: string | null;
  rpcUrl?: string | null;
  explorer?: string | null;
  /** The newest anchor's block, null while it is pending. */
  anchorBlock?: string | null;
};

/**
 * Three published days, newest first, each committed to and chained to the day before, as the
 * server answers them. The newest USDT root is the signed-in member's tree (`buildTree`).
 */
export async function buildSolvency(options: SolvencyOptions = {}): Promise<SolvencyAnswer> {
  const tree = buildTree();
  const oldestFirst: SolvencyDay[] = [];
  let previous: string | null = null;
  for (const [index, day] of DAYS.entries()) {
    const newest = index === DAYS.length - 1;
    const usdtRoot = newest ? tree.root.hash : String(index + 1).repeat(64);
    const usdtLiabilities = newest ? tree.root.sum : 140_250_000n - BigInt(index) * 1_000_000n;
    const cold = newest ? (options.newestColdUsdt ?? 100n * ONE) : 100n * ONE;
    const forge = newest ? (options.forge ?? null) : null;
    const usdt = await onChainAsset(
      day,
      'USDT',
      USDT_TOKEN,
      usdtLiabilities,
      usdtRoot,
      [
        { account: HOT, kind: 'hot', label: 'Payout', units: 100n * ONE },
        { account: COLD, kind: 'cold', label: 'Vault', units: cold },
      ],
      forge,
    );
    const btc = await onChainAsset(
      day,
      'BTC',
      BTC_TOKEN,
      12_345_678n,
      String(index + 4).repeat(64),
      [{ account: HOT, kind: 'hot', label: 'Payout', units: ONE / 5n }],
      forge,
    );
    const block = { number: String(41_000_000 + index * 28_800), hash: `0x${String(index + 7).repeat(64)}` };
    const body = { day, chainId: CHAIN_ID, block, assets: [goldAsset(5_200_050n), usdt, btc], previous };
    const commitment = commitmentOf(body);
    oldestFirst.push({
      ...body,
      commitment,
      anchor: {
        txHash: `0x${commitment}`,
        from: hotAddress,
        blockNumber: newest
          ? options.anchorBlock === undefined
            ? '41057700'
            : options.anchorBlock
          : String(41_000_010 + index * 28_800),
      },
      publishedAt: `${day}T16:10:00.000Z`,
    });
    previous = commitment;
  }
  return {
    list: oldestFirst.reverse(),
    chain: {
      id: CHAIN_ID,
      name: 'BNB Smart Chain',
      explorer: options.explorer === undefined ? EXPLORER : options.explorer,
      rpcUrl: options.rpcUrl === undefined ? RPC_URL : options.rpcUrl,
    },
  };
}

const hex = (n: bigint) => `0x${n.toString(16)}`;

type RpcBody = { id: number; method: string; params: unknown[] };

/**
 * A chain node that agrees with `answer` (or with `chain`, what is really on chain when a test
 * changes it): the anchor transactions, their receipts, the blocks and each address's balance.
 */
export function chainNode(chain: SolvencyAnswer) {
  const days = chain.list;
  return ({ body: sent }: { body: unknown }) => {
    const body = sent as RpcBody;
    const result = (() => {
      const [first, second] = body.params as [unknown, unknown];
      switch (body.method) {
        case 'eth_chainId':
          return hex(BigInt(chain.chain.id));
        case 'eth_getTransactionByHash': {
          const day = days.find((d) => d.anchor?.txHash === first);
          return day?.anchor
            ? {
                from: day.anchor.from,
                input: `0x${day.commitment}`,
                blockNumber: day.anchor.blockNumber && hex(BigInt(day.anchor.blockNumber)),
              }
            : null;
        }
        case 'eth_getTransactionReceipt':
          return days.some((d) => d.anchor?.txHash === first) ? { status: '0x1' } : null;
        case 'eth_getBlockByNumber': {
          const day = days.find((d) => hex(BigInt(d.block.number)) === first);
          return day ? { hash: day.block.hash, number: first } : null;
        }
        case 'eth_call': {
          const call = first as { to: string; data: string };
          const day = days.find((d) => hex(BigInt(d.block.number)) === second);
          const held = day?.assets
            .filter((a) => a.reserves?.token === call.to)
            .flatMap((a) => a.reserves?.addresses ?? [])
            .find((r) => call.data.endsWith(r.address.slice(2)));
          return held ? hex(BigInt(held.balanceUnits)) : '0x';
        }
        default:
          return null;
      }
    })();
    return { body: { jsonrpc: '2.0', id: body.id, result } };
  };
}

/** The page's calls answered, with `answer` as the published solvency and `chain` as the node's view. */
export function solvencyServer(answer: SolvencyAnswer | null, chain: SolvencyAnswer | null = answer) {
  return transparencyServer(
    {},
    {
      [`GET /app-api/${SOLVENCY}`]: () =>
        answer ? ok(answer) : { status: 404, body: { code: 404, data: null, msg: '内容不存在' } },
      ...(chain ? { [`POST ${new URL(RPC_URL).pathname}`]: chainNode(chain) } : {}),
    },
  );
}
