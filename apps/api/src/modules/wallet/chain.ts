import { ASSET_SCALES } from '@minecloud/contract/amount';
import type { WithdrawAsset } from '@minecloud/contract/wallet';
import {
  type Address,
  createPublicClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { Config } from '../../config.ts';
import { payoutSigner } from './signer.ts';

/**
 * The platform's view of its EVM chain: a JSON-RPC client, the hot wallet (its address, and in a
 * jobs process its signer), the token contract of each asset and the deposit address. Null when no
 * CHAIN_RPC_URL is set (the embedded demo): withdrawals are then reviewed but not paid, and
 * deposits are closed.
 */
export type Chain = {
  id: number;
  client: PublicClient;
  /**
   * The hot wallet's signer (signer.ts): only in a process that runs jobs, with PAYOUT_KEY. Only the
   * payout and solvency jobs sign; everything else asks `hotWallet`.
   */
  payer: LocalAccount | null;
  /**
   * The hot wallet's address, in every process: the signer's, or PAYOUT_ADDRESS in an API process.
   * Null without either (no payouts: deposits only).
   */
  hotWallet: Address | null;
  tokens: Partial<Record<WithdrawAsset, Address>>;
  depositAddress: Address | null;
  /** The token's decimals, read once from the contract. */
  decimals(asset: WithdrawAsset): Promise<number>;
};

export function createChain(
  settings: Pick<Config, 'mode' | 'chain'>,
  options: { timeoutMs?: number } = {},
): Chain | null {
  const config = settings.chain;
  if (!config.rpcUrl) return null;
  const chain = defineChain({
    id: config.id,
    name: `chain ${config.id}`,
    nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
  // No retries inside viem: the worker's next tick is the retry, and it starts from the database.
  const client = createPublicClient({
    chain,
    // viem keeps the block number for a polling interval by default: confirmations need it fresh.
    cacheTime: 0,
    transport: http(config.rpcUrl, { retryCount: 0, timeout: options.timeoutMs ?? 10_000 }),
  }) as PublicClient;
  const tokens = Object.fromEntries(
    Object.entries(config.tokens).map(([asset, address]) => [asset, getAddress(address as string)]),
  ) as Partial<Record<WithdrawAsset, Address>>;
  const known = new Map<WithdrawAsset, Promise<number>>();
  const payer = payoutSigner(settings);
  const hotWallet = payer?.address ?? config.payoutAddress;
  return {
    id: config.id,
    client,
    payer,
    hotWallet: hotWallet ? getAddress(hotWallet) : null,
    tokens,
    depositAddress: config.depositAddress ? getAddress(config.depositAddress) : null,
    decimals(asset) {
      const token = tokens[asset];
      if (!token) return Promise.reject(new Error(`no token configured for ${asset}`));
      let cached = known.get(asset);
      if (!cached) {
        cached = client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }).then((d) => {
          if (d < ASSET_SCALES[asset]) {
            throw new Error(`${asset} token has ${d} decimals, fewer than the ledger's ${ASSET_SCALES[asset]}`);
          }
          return d;
        });
        cached.catch(() => known.delete(asset));
        known.set(asset, cached);
      }
      return cached;
    },
  };
}

/**
 * Whether the platform pays withdrawals (of `asset`, when given): a chain with a hot wallet (its
 * key in the jobs processes, its address PAYOUT_ADDRESS in API processes) and that asset's token.
 * Without it, approved withdrawals wait (`paused`).
 */
export function paysOut(chain: Chain | null, asset?: WithdrawAsset): boolean {
  if (!chain?.hotWallet) return false;
  return asset === undefined || Boolean(chain.tokens[asset]);
}

/** Ledger units of `asset` as the token's smallest units (the token has at least as many decimals). */
export function toChainUnits(units: bigint, asset: WithdrawAsset, decimals: number): bigint {
  return units * 10n ** BigInt(decimals - ASSET_SCALES[asset]);
}

/** Token units as ledger units, rounded down: what a deposit credits (dust below a unit is not). */
export function fromChainUnits(value: bigint, asset: WithdrawAsset, decimals: number): bigint {
  return value / 10n ** BigInt(decimals - ASSET_SCALES[asset]);
}

/** Which asset a token contract is, if it is one of ours. */
export function assetOfToken(chain: Chain, token: Address): WithdrawAsset | null {
  for (const [asset, address] of Object.entries(chain.tokens)) {
    if (address.toLowerCase() === token.toLowerCase()) return asset as WithdrawAsset;
  }
  return null;
}

/** The receipt of a transaction, or null while it is not (or no longer) in a block. */
export async function receiptOf(chain: Chain, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await chain.client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  }
}

/**
 * A block every question of one payout round is asked at: read by number, then named by its hash,
 * so that a node which does not have that very block cannot answer from another. `head` is the
 * newest block seen when it was pinned; the pinned block is `confirmations` deep below it.
 */
export type PinnedBlock = { number: bigint; hash: Hex; head: bigint };

/** The newest block with `confirmations` confirmations at `head`; null when the node lacks it. */
export async function pinBlock(chain: Chain, head: bigint, confirmations: number): Promise<PinnedBlock | null> {
  const depth = BigInt(Math.max(confirmations, 1) - 1);
  const number = head > depth ? head - depth : 0n;
  try {
    const block = await chain.client.getBlock({ blockNumber: number });
    return block.hash ? { number, hash: block.hash, head } : null;
  } catch {
    return null;
  }
}

/**
 * How many transactions `address` had mined as of the pinned block, asked by its hash (EIP-1898):
 * a lagging node answers an error, never the count of an older block.
 */
export async function minedNonceAt(chain: Chain, address: Address, pinned: PinnedBlock): Promise<number> {
  const count = await chain.client.request({
    method: 'eth_getTransactionCount',
    params: [address, { blockHash: pinned.hash, requireCanonical: true }],
  });
  return Number(BigInt(count));
}

/**
 * What took a nonce of the hot wallet, by the pinned block: the block's own transactions say it,
 * and a block cannot lag. `open` — the nonce is free at that block, the transaction may still be
 * mined; `ours` — our transaction took it (its receipt is only late); `replaced` — another
 * transaction of the key took it, so ours can never be mined; `unclear` — the node could not show it.
 */
export type NonceFate =
  | { kind: 'open' }
  | { kind: 'ours'; blockNumber: bigint }
  | { kind: 'replaced'; by: Hex; blockNumber: bigint }
  | { kind: 'unclear'; reason: string };

export async function nonceFate(
  chain: Chain,
  tx: { from: Address; nonce: number; hash: Hex; signedBlock: bigint | null },
  pinned: PinnedBlock,
  minedAtPin: number,
): Promise<NonceFate> {
  if (minedAtPin <= tx.nonce) return { kind: 'open' };
  try {
    const blockNumber = await blockThatTookNonce(chain, tx.from, tx.nonce, tx.signedBlock ?? 0n, pinned.number);
    const block = await chain.client.getBlock({ blockNumber, includeTransactions: true });
    const taker = block.transactions.find(
      (t) => t.from.toLowerCase() === tx.from.toLowerCase() && t.nonce === tx.nonce,
    );
    if (!taker) return { kind: 'unclear', reason: `block ${blockNumber} holds no transaction with nonce ${tx.nonce}` };
    if (taker.hash.toLowerCase() === tx.hash.toLowerCase()) return { kind: 'ours', blockNumber };
    return { kind: 'replaced', by: taker.hash, blockNumber };
  } catch (error) {
    return { kind: 'unclear', reason: error instanceof Error ? error.message.slice(0, 200) : String(error) };
  }
}

/**
 * The first block at which `address` had more than `nonce` transactions mined, between `low` and
 * `high` (where it had): a binary search on counts asked at block numbers at or below the pinned
 * (confirmed) block. `low` is the head seen when the transaction was signed, which no block holding
 * it can precede; if the count there is already past the nonce, the search starts at genesis.
 */
async function blockThatTookNonce(chain: Chain, address: Address, nonce: number, low: bigint, high: bigint) {
  const minedAt = (blockNumber: bigint) => chain.client.getTransactionCount({ address, blockNumber });
  let below = low < high && (await minedAt(low)) <= nonce ? low : -1n;
  let above = high;
  while (above - below > 1n) {
    const middle = (below + above) / 2n;
    if ((await minedAt(middle)) > nonce) above = middle;
    else below = middle;
  }
  return above;
}

/**
 * Whether `by` is a transaction of `from`, with `nonce`, other than `ours`, mined at least
 * `confirmations` deep: then `ours` can never be mined. What an operator names after looking the
 * nonce up on an explorer; a lagging node can only fail to show it, never show it falsely.
 */
export async function provesReplaced(
  chain: Chain,
  tx: { from: Address; nonce: number; hash: Hex },
  by: Hex,
  confirmations: number,
): Promise<boolean> {
  if (by.toLowerCase() === tx.hash.toLowerCase()) return false;
  try {
    const [taker, receipt, head] = await Promise.all([
      chain.client.getTransaction({ hash: by }),
      receiptOf(chain, by),
      chain.client.getBlockNumber(),
    ]);
    if (taker.from.toLowerCase() !== tx.from.toLowerCase() || taker.nonce !== tx.nonce || !receipt) return false;
    return head - receipt.blockNumber + 1n >= BigInt(Math.max(confirmations, 1));
  } catch {
    return false;
  }
}
