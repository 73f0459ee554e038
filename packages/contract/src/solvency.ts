import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { z } from 'zod';
import { ASSET_SCALES, type Asset, formatAmount } from './amount.ts';

/**
 * Proof of solvency (docs/economy.md, "Transparency"): each day, after the liabilities snapshot,
 * the platform reads what its on-chain addresses hold at one block, has each address sign a message
 * naming the day, and commits to the day's roots, totals, reserves, block and the previous day's
 * commitment with one hash, which the hot wallet then writes on chain. Everything a member needs to
 * check this is in the public answer; the checks are pure functions here (and `checkOnChain`, which
 * asks a chain node), shared by the app, `npm run proof:verify` and the server's tests.
 */

/** The assets that exist on chain; GOLD exists only inside the platform and has no reserves. */
export const ON_CHAIN_ASSETS = ['USDT', 'BTC'] as const;
export type OnChainAsset = (typeof ON_CHAIN_ASSETS)[number];
const LIABILITY_ASSETS = ['GOLD', 'USDT', 'BTC'] as const;

const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const unitsSchema = z.string().regex(/^\d+$/);
const hashSchema = z.string().regex(/^[0-9a-f]{64}$/);
const addressSchema = z.string().regex(/^0x[0-9a-f]{40}$/);
const txHashSchema = z.string().regex(/^0x[0-9a-f]{64}$/);
const signatureSchema = z.string().regex(/^0x[0-9a-f]{130}$/);

/** The message a reserve address signs for the snapshot of `day` (EIP-191 personal_sign). */
export function reserveMessage(chainId: number, address: string, day: string): string {
  return `MineCloud proof of reserves\nchain: ${chainId}\naddress: ${address.toLowerCase()}\nsnapshot: ${day}`;
}

export const reserveAddressSchema = z.object({
  /** Lower-case hex. */
  address: addressSchema,
  /** `hot`: the payout wallet, signed by the server; `cold`: signed offline (`npm run reserves:sign`). */
  kind: z.enum(['hot', 'cold']),
  label: z.string(),
  /** The token balance at the snapshot's block, in the token's smallest units. */
  balanceUnits: unitsSchema,
  /** The same, as a decimal of the asset. */
  balance: z.string(),
  /** `reserveMessage(chainId, address, day)` signed by the address (65 bytes, hex). */
  signature: signatureSchema,
});
export type ReserveAddress = z.infer<typeof reserveAddressSchema>;

export const solvencyAssetSchema = z.object({
  asset: z.enum(LIABILITY_ASSETS),
  /** The day's published liabilities tree of this asset (the same root a member's proof leads to). */
  liabilities: z.object({ root: hashSchema, totalUnits: unitsSchema, total: z.string(), members: z.number().int() }),
  /** Null for GOLD (inside the platform only) and for an asset with no token configured on chain. */
  reserves: z
    .object({
      /** The token contract (lower-case hex) and its decimals. */
      token: addressSchema,
      decimals: z.number().int().min(0).max(36),
      totalUnits: unitsSchema,
      total: z.string(),
      addresses: z.array(reserveAddressSchema),
    })
    .nullable(),
  /** reserves ÷ liabilities, 4 decimals, rounded down; null without reserves or without liabilities. */
  ratio: z.string().nullable(),
  /** Whether reserves ≥ liabilities (exactly); null without reserves. */
  covered: z.boolean().nullable(),
});
export type SolvencyAsset = z.infer<typeof solvencyAssetSchema>;

export const solvencyDaySchema = z.object({
  day: daySchema,
  chainId: z.number().int(),
  /** The block every balance was read at. */
  block: z.object({ number: unitsSchema, hash: txHashSchema }),
  assets: z.array(solvencyAssetSchema),
  /** sha256 of `commitmentText(day)`, hex. */
  commitment: hashSchema,
  /** The commitment of the day published before this one; null for the first. */
  previous: hashSchema.nullable(),
  /** The transaction that wrote `commitment` on chain, from the hot wallet; null when none is sent. */
  anchor: z
    .object({
      txHash: txHashSchema,
      from: addressSchema,
      /** The block that holds it; null until it is mined. */
      blockNumber: unitsSchema.nullable(),
    })
    .nullable(),
  publishedAt: z.string(),
});
export type SolvencyDay = z.infer<typeof solvencyDaySchema>;

export const solvencyQuerySchema = z.object({
  /** How many published days, newest first. */
  days: z.coerce.number().int().min(1).max(366).default(40),
});
export const solvencyAnswerSchema = z.object({
  /** Newest first. */
  list: z.array(solvencyDaySchema),
  /** The chain's facts, to look the anchors up. */
  chain: z.object({
    id: z.number().int(),
    name: z.string(),
    explorer: z.string().nullable(),
    /** A public JSON-RPC node the app may ask (CHAIN_PUBLIC_RPC_URL); null when none is set. */
    rpcUrl: z.string().nullable(),
  }),
});
export type SolvencyAnswer = z.infer<typeof solvencyAnswerSchema>;

/** Token units as a decimal of the token, without trailing zeros: how reserves are shown. */
export function tokenAmount(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${text.slice(0, -decimals)}.${fraction}` : text.slice(0, -decimals);
}

/** Reserves ÷ liabilities with 4 decimals, rounded down (never more covered than it is). */
export function solvencyRatio(
  reserveUnits: bigint,
  decimals: number,
  liabilityUnits: bigint,
  asset: OnChainAsset,
): { ratio: string | null; covered: boolean } {
  // Both sides in units of 10^-(decimals + scale): reserves × 10^scale against liabilities × 10^decimals.
  const reserves = reserveUnits * 10n ** BigInt(ASSET_SCALES[asset]);
  const liabilities = liabilityUnits * 10n ** BigInt(decimals);
  if (liabilities === 0n) return { ratio: null, covered: true };
  const scaled = (reserves * 10_000n) / liabilities;
  const ratio = `${scaled / 10_000n}.${(scaled % 10_000n).toString().padStart(4, '0')}`;
  return { ratio, covered: reserves >= liabilities };
}

/**
 * The exact text a day's commitment hashes: one fact per line, in a fixed order. Anything published
 * for the day that a member relies on is in it: roots, totals, the block, every reserve address with
 * its balance and signature, and the previous commitment.
 */
export function commitmentText(day: Omit<SolvencyDay, 'commitment' | 'anchor' | 'publishedAt'>): string {
  const lines = [
    'minecloud-solvency-v1',
    `day ${day.day}`,
    `chain ${day.chainId}`,
    `block ${day.block.number} ${day.block.hash}`,
    `previous ${day.previous ?? 'none'}`,
  ];
  for (const a of day.assets) {
    lines.push(`liabilities ${a.asset} ${a.liabilities.root} ${a.liabilities.totalUnits} ${a.liabilities.members}`);
    if (!a.reserves) continue;
    lines.push(`token ${a.asset} ${a.reserves.token} ${a.reserves.decimals} ${a.reserves.totalUnits}`);
    for (const r of a.reserves.addresses) {
      lines.push(`reserve ${a.asset} ${r.kind} ${r.address} ${r.balanceUnits} ${r.signature}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export function commitmentOf(day: Omit<SolvencyDay, 'commitment' | 'anchor' | 'publishedAt'>): string {
  return bytesToHex(sha256(utf8ToBytes(commitmentText(day))));
}

/** What a check found wrong, with the day and, where it applies, the asset or address. */
export type SolvencyProblem =
  | { kind: 'commitmentMismatch'; day: string }
  | { kind: 'brokenChain'; day: string }
  | { kind: 'totalsMismatch'; day: string; asset: string }
  /** A decimal shown beside its units says something else (the units are what the commitment holds). */
  | { kind: 'textMismatch'; day: string; asset: string }
  | { kind: 'ratioMismatch'; day: string; asset: string }
  | { kind: 'badSignature'; day: string; address: string }
  | { kind: 'rootMismatch'; day: string; asset: string }
  | { kind: 'proofDayMissing'; day: string };

/** Recovers the signer of an EIP-191 message: viem's `recoverMessageAddress`, passed in by the caller. */
export type RecoverSigner = (message: string, signature: string) => Promise<string>;

/**
 * Checks one day on its own: its commitment hashes what it shows, each asset's reserve total is the
 * sum of its addresses, the ratio follows, and every address signed the day's message.
 */
export async function checkDay(day: SolvencyDay, recover: RecoverSigner): Promise<SolvencyProblem[]> {
  const problems: SolvencyProblem[] = [];
  if (commitmentOf(day) !== day.commitment) problems.push({ kind: 'commitmentMismatch', day: day.day });
  for (const a of day.assets) {
    const texts = [[a.liabilities.total, formatAmount(BigInt(a.liabilities.totalUnits), a.asset as Asset)]];
    if (a.reserves) {
      const decimals = a.reserves.decimals;
      texts.push([a.reserves.total, tokenAmount(BigInt(a.reserves.totalUnits), decimals)]);
      for (const r of a.reserves.addresses) texts.push([r.balance, tokenAmount(BigInt(r.balanceUnits), decimals)]);
    }
    if (texts.some(([shown, units]) => shown !== units))
      problems.push({ kind: 'textMismatch', day: day.day, asset: a.asset });
    if (!a.reserves) {
      if (a.ratio !== null || a.covered !== null)
        problems.push({ kind: 'ratioMismatch', day: day.day, asset: a.asset });
      continue;
    }
    const sum = a.reserves.addresses.reduce((total, r) => total + BigInt(r.balanceUnits), 0n);
    if (sum.toString() !== a.reserves.totalUnits)
      problems.push({ kind: 'totalsMismatch', day: day.day, asset: a.asset });
    const expected = solvencyRatio(
      BigInt(a.reserves.totalUnits),
      a.reserves.decimals,
      BigInt(a.liabilities.totalUnits),
      a.asset as OnChainAsset,
    );
    if (expected.ratio !== a.ratio || expected.covered !== a.covered)
      problems.push({ kind: 'ratioMismatch', day: day.day, asset: a.asset });
    for (const r of a.reserves.addresses) {
      let signer = '';
      try {
        signer = (await recover(reserveMessage(day.chainId, r.address, day.day), r.signature)).toLowerCase();
      } catch {
        // An unreadable signature signs nothing.
      }
      if (signer !== r.address) problems.push({ kind: 'badSignature', day: day.day, address: r.address });
    }
  }
  return problems;
}

/**
 * Checks the chain of commitments from `fromDay` (a member's proof day) to the newest: every day in
 * between checks on its own and names the commitment of the day before it. `list` is newest first, as
 * the server answers. When `proofRoot` is given, the member's proof must lead to that day's root.
 */
export async function checkChain(
  list: readonly SolvencyDay[],
  fromDay: string,
  recover: RecoverSigner,
  proofRoot?: { asset: string; root: string },
): Promise<{ ok: boolean; days: number; problems: SolvencyProblem[] }> {
  const oldestFirst = [...list].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const start = oldestFirst.findIndex((d) => d.day === fromDay);
  if (start < 0) return { ok: false, days: 0, problems: [{ kind: 'proofDayMissing', day: fromDay }] };
  const span = oldestFirst.slice(start);
  const problems: SolvencyProblem[] = [];
  for (const [i, day] of span.entries()) {
    problems.push(...(await checkDay(day, recover)));
    const before = i === 0 ? null : (span[i - 1] as SolvencyDay);
    if (before && day.previous !== before.commitment) problems.push({ kind: 'brokenChain', day: day.day });
  }
  if (proofRoot) {
    const first = span[0] as SolvencyDay;
    const asset = first.assets.find((a) => a.asset === proofRoot.asset);
    if (asset?.liabilities.root !== proofRoot.root)
      problems.push({ kind: 'rootMismatch', day: first.day, asset: proofRoot.asset });
  }
  return { ok: problems.length === 0, days: span.length, problems };
}

// ---------------------------------------------------------------------------------------------
// On chain: the anchor transaction and the balances, asked of a JSON-RPC node

export type RpcCall = (method: string, params: unknown[]) => Promise<unknown>;

/** A JSON-RPC caller over fetch (browser and Node alike). */
export function rpcOver(url: string, fetcher: typeof fetch = fetch): RpcCall {
  let id = 0;
  return async (method, params) => {
    const response = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`);
    const body = (await response.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? 'error'}`);
    return body.result;
  };
}

export type ChainProblem =
  | { kind: 'anchorMissing'; day: string }
  | { kind: 'anchorMismatch'; day: string }
  | { kind: 'anchorFailed'; day: string }
  | { kind: 'blockMismatch'; day: string }
  | { kind: 'chainMismatch'; day: string }
  | { kind: 'balanceMismatch'; day: string; asset: string; address: string }
  | { kind: 'rpcError'; day: string; message: string };

const hex = (n: bigint) => `0x${n.toString(16)}`;
/** balanceOf(address): selector 0x70a08231 and the address padded to 32 bytes. */
const balanceOfData = (address: string) => `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`;

/**
 * Checks a day against the chain: the anchor transaction exists, was sent by the hot wallet, carries
 * exactly the commitment, and succeeded; the block the reserves were read at is the one named; and
 * each reserve address held the balance shown at that block.
 */
export async function checkOnChain(
  day: SolvencyDay,
  rpc: RpcCall,
  options: { balances?: boolean } = {},
): Promise<ChainProblem[]> {
  const problems: ChainProblem[] = [];
  try {
    // A node of another chain could answer every question below about transactions of its own.
    if (BigInt((await rpc('eth_chainId', [])) as string) !== BigInt(day.chainId)) {
      problems.push({ kind: 'chainMismatch', day: day.day });
      return problems;
    }
    if (!day.anchor) problems.push({ kind: 'anchorMissing', day: day.day });
    else {
      const tx = (await rpc('eth_getTransactionByHash', [day.anchor.txHash])) as {
        from?: string;
        input?: string;
        blockNumber?: string | null;
      } | null;
      const hot = day.assets.flatMap((a) => a.reserves?.addresses ?? []).find((r) => r.kind === 'hot');
      if (!tx?.blockNumber) problems.push({ kind: 'anchorMissing', day: day.day });
      else if (
        tx.input?.toLowerCase() !== `0x${day.commitment}` ||
        tx.from?.toLowerCase() !== day.anchor.from ||
        (hot && hot.address !== day.anchor.from)
      )
        problems.push({ kind: 'anchorMismatch', day: day.day });
      else {
        const receipt = (await rpc('eth_getTransactionReceipt', [day.anchor.txHash])) as { status?: string } | null;
        if (receipt?.status !== '0x1') problems.push({ kind: 'anchorFailed', day: day.day });
      }
    }
    const block = (await rpc('eth_getBlockByNumber', [hex(BigInt(day.block.number)), false])) as {
      hash?: string;
    } | null;
    if (block?.hash?.toLowerCase() !== day.block.hash) problems.push({ kind: 'blockMismatch', day: day.day });
    if (options.balances !== false) {
      for (const a of day.assets) {
        for (const r of a.reserves?.addresses ?? []) {
          const token = a.reserves?.token as string;
          const held = (await rpc('eth_call', [
            { to: token, data: balanceOfData(r.address) },
            hex(BigInt(day.block.number)),
          ])) as string;
          if (BigInt(held === '0x' ? 0 : held) !== BigInt(r.balanceUnits))
            problems.push({ kind: 'balanceMismatch', day: day.day, asset: a.asset, address: r.address });
        }
      }
    }
  } catch (error) {
    problems.push({ kind: 'rpcError', day: day.day, message: error instanceof Error ? error.message : String(error) });
  }
  return problems;
}

/** A link to the anchor transaction on the chain's explorer, when the chain has one. */
export function explorerTxUrl(explorer: string | null, txHash: string): string | null {
  return explorer ? `${explorer.replace(/\/$/, '')}/tx/${txHash}` : null;
}
