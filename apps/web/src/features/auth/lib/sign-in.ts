// The only module that loads viem: the login page imports it dynamically, on demand.
import { type Address, getAddress, type Hex, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { Eip1193Provider } from '@/lib/wallets';
import { getNonce } from '../api/get-nonce';
import { login } from '../api/login';
import { readDevWallet, writeDevWallet } from './dev-wallet-storage';

/** EIP-4361 allows only ASCII in the statement, so it is not translated. */
export const SIGN_IN_STATEMENT = 'Sign in to MineCloud with this wallet.';

/** A sign-in message is valid for 10 minutes, like the nonce it carries. */
export const SIGN_IN_MESSAGE_TTL_MS = 10 * 60_000;

export class WalletNoAccountError extends Error {
  constructor() {
    super('The wallet returned no account');
    this.name = 'WalletNoAccountError';
  }
}

export type WalletSigner = {
  getAddress: () => Promise<Address>;
  signMessage: (message: string, address: Address) => Promise<Hex>;
};

/** An EIP-1193 wallet: `eth_requestAccounts`, then `personal_sign` of the hex-encoded UTF-8 message. */
export function providerSigner(provider: Eip1193Provider): WalletSigner {
  return {
    async getAddress() {
      const accounts = await provider.request({ method: 'eth_requestAccounts' });
      const first: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
      if (typeof first !== 'string') throw new WalletNoAccountError();
      return getAddress(first);
    },
    async signMessage(message, address) {
      const signature = await provider.request({ method: 'personal_sign', params: [toHex(message), address] });
      if (typeof signature !== 'string' || !signature.startsWith('0x'))
        throw new Error('The wallet returned no signature');
      return signature as Hex;
    },
  };
}

/** The demo-mode development wallet: a key made here and kept in localStorage. Never for real funds. */
export function devSigner(): WalletSigner {
  let stored = readDevWallet();
  if (!stored) {
    const privateKey = generatePrivateKey();
    stored = { privateKey, address: privateKeyToAccount(privateKey).address };
    writeDevWallet(stored);
  }
  const account = privateKeyToAccount(stored.privateKey);
  return {
    getAddress: async () => account.address,
    signMessage: (message) => account.signMessage({ message }),
  };
}

export type SignInInput = {
  signer: WalletSigner;
  chainId: number;
  statement?: string;
  inviteCode?: string;
};

export type SignInResult = { token: string; address: Address; expiresAt: string; userId: string };

/** Sign-In with Ethereum (EIP-4361): address, nonce, message, signature, then the server's token. */
export async function signIn({
  signer,
  chainId,
  statement = SIGN_IN_STATEMENT,
  inviteCode,
}: SignInInput): Promise<SignInResult> {
  const address = await signer.getAddress();
  const { nonce } = await getNonce();
  const issuedAt = new Date();
  const message = createSiweMessage({
    domain: window.location.host,
    address,
    statement,
    uri: window.location.origin,
    version: '1',
    chainId,
    nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + SIGN_IN_MESSAGE_TTL_MS),
  });
  const signature = await signer.signMessage(message, address);
  const code = inviteCode?.trim();
  const answer = await login({ message, signature, ...(code ? { inviteCode: code } : {}) });
  return { ...answer, address };
}
