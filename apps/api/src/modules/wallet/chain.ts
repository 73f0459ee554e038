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
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config.ts';

/**
 * The platform's view of its EVM chain: a JSON-RPC client, the hot wallet that signs payouts, the
 * token contract of each asset and the deposit address. Null when no CHAIN_RPC_URL is set (the
 * embedded demo): withdrawals are then reviewed but not paid, and deposits are closed.
 */
export type Chain = {
  id: number;
  client: PublicClient;
  /** The hot wallet; null when PAYOUT_KEY is not set (deposits only). */
  payer: PrivateKeyAccount | null;
  tokens: Partial<Record<WithdrawAsset, Address>>;
  depositAddress: Address | null;
  /** The token's decimals, read once from the contract. */
  decimals(asset: WithdrawAsset): Promise<number>;
};

export function createChain(config: Config['chain'], options: { timeoutMs?: number } = {}): Chain | null {
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
  return {
    id: config.id,
    client,
    payer: config.payoutKey ? privateKeyToAccount(config.payoutKey as Hex) : null,
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
 * Whether this server pays withdrawals (of `asset`, when given): a chain with the hot wallet's key
 * (PAYOUT_KEY) and that asset's token. Without it, approved withdrawals wait (`paused`).
 */
export function paysOut(chain: Chain | null, asset?: WithdrawAsset): boolean {
  if (!chain?.payer) return false;
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
