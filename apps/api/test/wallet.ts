import type { Hex, PrivateKeyAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import type { TestApp } from './app.ts';

/** A wallet with a throw-away key, as a member's browser wallet would sign. */
export function testWallet(key: Hex = generatePrivateKey()): PrivateKeyAccount {
  return privateKeyToAccount(key);
}

export type MessageOverrides = Partial<Parameters<typeof createSiweMessage>[0]>;

export async function fetchNonce(app: TestApp): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/app-api/biz/biz-user/nonce' });
  return res.json().data.nonce;
}

/** An EIP-4361 message for the test host (inject's default host is localhost:80). */
export function siweMessage(account: PrivateKeyAccount, nonce: string, overrides: MessageOverrides = {}) {
  const now = new Date();
  return createSiweMessage({
    address: account.address,
    chainId: 56,
    domain: 'localhost:80',
    uri: 'http://localhost:80',
    nonce,
    version: '1',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 10 * 60_000),
    statement: 'Sign in to MineCloud',
    ...overrides,
  });
}

/** Signs in through the real endpoints; returns the answer's data and the raw response. */
export async function signIn(
  app: TestApp,
  account = testWallet(),
  options: { inviteCode?: string; overrides?: MessageOverrides } = {},
) {
  const nonce = await fetchNonce(app);
  const message = siweMessage(account, nonce, options.overrides);
  const signature = await account.signMessage({ message });
  const res = await app.inject({
    method: 'POST',
    url: '/app-api/biz/biz-user/login',
    payload: { message, signature, ...(options.inviteCode ? { inviteCode: options.inviteCode } : {}) },
  });
  return { res, body: res.json(), account, token: res.json().data?.token as string | undefined };
}

export function bearer(token: string | undefined) {
  return { authorization: `Bearer ${token}` };
}
