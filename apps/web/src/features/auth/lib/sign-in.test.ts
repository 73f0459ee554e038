import { verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockServer, ok } from '@/test/render-app';
import { createTestWallet } from '@/test/test-wallet';
import { DEV_WALLET_STORAGE_KEY, readDevWallet } from './dev-wallet-storage';
import { devSigner, providerSigner, SIGN_IN_MESSAGE_TTL_MS, SIGN_IN_STATEMENT, signIn } from './sign-in';

vi.mock('@/lib/toast', () => ({ showToast: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() }));

let loginBodies: { message: string; signature: `0x${string}`; inviteCode?: string }[] = [];

beforeEach(() => {
  loginBodies = [];
  mockServer({
    'GET /app-api/biz/biz-user/nonce': () => ok({ nonce: 'n0nce12345AB' }),
    'POST /app-api/biz/biz-user/login': ({ body }) => {
      loginBodies.push(body as (typeof loginBodies)[number]);
      return ok({ token: 'jwt-abc', expiresAt: '2030-01-01T00:00:00.000Z', userId: '42' });
    },
  });
});

describe('signIn with an injected wallet', () => {
  it('asks for accounts, signs a SIWE message with personal_sign and exchanges it for a token', async () => {
    const { provider, calls, account } = createTestWallet();
    const result = await signIn({
      signer: providerSigner(provider),
      chainId: 56,
      inviteCode: ' INV001 ',
    });

    expect(result).toEqual({
      token: 'jwt-abc',
      expiresAt: '2030-01-01T00:00:00.000Z',
      userId: '42',
      address: account.address,
    });
    expect(calls.map((c) => c.method)).toEqual(['eth_requestAccounts', 'personal_sign']);

    const [body] = loginBodies;
    expect(body?.inviteCode).toBe('INV001');
    const message = body?.message ?? '';
    // personal_sign gets the message hex-encoded as UTF-8, and the checksummed address.
    const [hexMessage, signedBy] = (calls[1]?.params ?? []) as [string, string];
    expect(new TextDecoder().decode(Buffer.from(hexMessage.slice(2), 'hex'))).toBe(message);
    expect(signedBy).toBe(account.address);

    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: window.location.host,
      address: account.address,
      uri: window.location.origin,
      version: '1',
      chainId: 56,
      nonce: 'n0nce12345AB',
      statement: SIGN_IN_STATEMENT,
    });
    // EIP-4361's grammar allows only ASCII in the statement.
    expect(SIGN_IN_STATEMENT).toMatch(/^[\x20-\x7e]+$/);
    expect(parsed.expirationTime!.getTime() - parsed.issuedAt!.getTime()).toBe(SIGN_IN_MESSAGE_TTL_MS);
    await expect(verifyMessage({ address: account.address, message, signature: body!.signature })).resolves.toBe(true);
  });

  it('leaves inviteCode out when none is given', async () => {
    await signIn({ signer: providerSigner(createTestWallet().provider), chainId: 56, statement: 'Sign in' });
    expect(loginBodies[0]).not.toHaveProperty('inviteCode');
  });

  it('passes a wallet refusal through', async () => {
    const { provider } = createTestWallet({ reject: true });
    await expect(signIn({ signer: providerSigner(provider), chainId: 56, statement: 'x' })).rejects.toMatchObject({
      code: 4001,
    });
    expect(loginBodies).toEqual([]);
  });
});

describe('the development wallet', () => {
  it('creates a key once, keeps it in localStorage, and signs with it', async () => {
    expect(localStorage.getItem(DEV_WALLET_STORAGE_KEY)).toBeNull();
    const first = await devSigner().getAddress();
    const stored = readDevWallet();
    expect(stored?.address).toBe(first);
    expect(await devSigner().getAddress()).toBe(first);

    const result = await signIn({ signer: devSigner(), chainId: 97, statement: 'Sign in' });
    expect(result.address).toBe(first);
    const body = loginBodies[0]!;
    expect(parseSiweMessage(body.message).chainId).toBe(97);
    await expect(verifyMessage({ address: first, message: body.message, signature: body.signature })).resolves.toBe(
      true,
    );
  });
});
