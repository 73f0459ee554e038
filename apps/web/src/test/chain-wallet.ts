import type { Hex } from 'viem';
import type { Eip1193Provider } from '@/lib/wallets';

/** The member's sign-in wallet in the wallet fixtures (Hardhat key 0). */
const MEMBER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The hash the stand-in wallet answers for a transfer. */
export const SENT_HASH: Hex = `0x${'5e'.repeat(32)}`;

/**
 * What paying asks of a wallet on another chain that lacks the platform's: the account, its chain,
 * the switch it refuses (4902), the chain added, the chain checked, the token's decimals, the transfer.
 */
export const ADD_CHAIN_AND_SEND = [
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'eth_chainId',
  'eth_chainId',
  'eth_call',
  'eth_sendTransaction',
];

type Call = { method: string; params?: readonly unknown[] };

/**
 * An injected wallet on chain `on` that knows the chains `knows`; `refuse` names the method the
 * member refuses (4001). It answers a token's decimals (18) and, after `signMs`, a transfer's hash.
 */
export function chainWallet({
  accounts = [MEMBER.toLowerCase()],
  on = 1,
  knows = [1],
  refuse,
  signMs = 0,
}: {
  accounts?: string[];
  on?: number;
  knows?: number[];
  refuse?: string;
  signMs?: number;
} = {}) {
  const calls: Call[] = [];
  let chain = on;
  const known = new Set(knows);
  const provider: Eip1193Provider = {
    async request({ method, params }) {
      calls.push({ method, params });
      if (method === refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const [first] = (params ?? []) as [{ chainId: Hex }];
      switch (method) {
        case 'eth_requestAccounts':
          return accounts;
        case 'eth_chainId':
          return `0x${chain.toString(16)}`;
        case 'wallet_switchEthereumChain':
          if (!known.has(Number(first.chainId))) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
          chain = Number(first.chainId);
          return null;
        case 'wallet_addEthereumChain':
          known.add(Number(first.chainId));
          chain = Number(first.chainId);
          return null;
        case 'eth_call':
          return `0x${(18).toString(16).padStart(64, '0')}`;
        case 'eth_sendTransaction':
          // A wallet takes a moment to sign: a second tap meanwhile must not send again.
          if (signMs) await new Promise((resolve) => setTimeout(resolve, signMs));
          return SENT_HASH;
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
  };
  return { calls, provider, methods: () => calls.map((call) => call.method) };
}
