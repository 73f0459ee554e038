import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  parseEther,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The e2e files' hand on the local chain global setup started (hardhat on 127.0.0.1, chain id 56,
 * a test USDT anyone may mint): gas money, tokens, and transfers signed by keys of the test.
 */
export function localChain(url: string) {
  const chain = defineChain({
    id: 56,
    name: 'local',
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const transport = http(url, { retryCount: 0 });
  const client = createPublicClient({ chain, transport });

  async function rpc(method: string, params: unknown[]) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await res.json()) as { result: unknown }).result;
  }

  const walletOf = (key: Hex) => createWalletClient({ account: privateKeyToAccount(key), chain, transport });

  /** A transaction signed by `key`, waited for until mined; answers its hash. */
  async function signed(key: Hex, write: (wallet: ReturnType<typeof walletOf>) => Promise<Hex>) {
    const hash = await write(walletOf(key));
    await client.waitForTransactionReceipt({ hash });
    return hash;
  }
  return {
    client,
    rpc,
    /** Gives `address` ether for gas, as hardhat_setBalance does (no key pays for it). */
    fundGas: (address: Address, ether = '10') => rpc('hardhat_setBalance', [address, toHex(parseEther(ether))]),
    /** Mints `value` of the test token to `to`, signed by `key` (the test token lets anyone mint). */
    mint: (key: Hex, token: Address, to: Address, value: bigint) =>
      signed(key, (wallet) =>
        wallet.writeContract({ address: token, abi: MINT_ABI, functionName: 'mint', args: [to, value] }),
      ),
    /** A token transfer signed by `key`, as a member's wallet would send it; answers its hash. */
    transfer: (key: Hex, token: Address, to: Address, value: bigint) =>
      signed(key, (wallet) =>
        wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, value] }),
      ),
    tokenBalance: (token: Address, who: Address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
    /** Mines `blocks` empty blocks: a transfer's confirmations. */
    mine: (blocks: number) => rpc('hardhat_mine', [toHex(blocks)]),
  };
}

const MINT_ABI = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;
