import { type Hex, isHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Eip1193Provider } from '@/lib/wallets';

// Hardhat's first well-known development key: never holds anything of value.
export const TEST_PRIVATE_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

type Call = { method: string; params?: readonly unknown[] };

/** An injected EIP-1193 wallet backed by a test key, like the one the e2e tests inject. */
export function createTestWallet(options: { reject?: boolean } = {}) {
  const account = privateKeyToAccount(TEST_PRIVATE_KEY);
  const calls: Call[] = [];
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      if (method === 'eth_requestAccounts') return [account.address.toLowerCase()];
      if (method === 'personal_sign') {
        if (options.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
        const [data] = (params ?? []) as [string];
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
    },
  };
  return { account, calls, provider };
}
