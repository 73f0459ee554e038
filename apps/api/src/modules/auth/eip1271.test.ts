import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { type LocalChain, startLocalChain } from '../../../test/chain.ts';
import { deployContractWallet } from '../../../test/eip1271.ts';
import { fetchNonce, siweMessage, testWallet } from '../../../test/wallet.ts';
import { users } from '../../db/schema.ts';

/**
 * Smart-contract wallets (EIP-1271) sign in through the chain's RPC: a real `hardhat node` on
 * 127.0.0.1 (one per file), with the app's chain id, and a wallet contract deployed here.
 */
let chain: LocalChain;
let app: TestApp;
let owner: ReturnType<typeof testWallet>;
let contractWallet: Address;

beforeAll(async () => {
  chain = await startLocalChain({ chainId: 56 });
  owner = testWallet();
  contractWallet = await deployContractWallet(chain, owner);
  app = await buildTestApp({ CHAIN_RPC_URL: chain.url });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await chain?.stop();
});

async function loginAs(address: Address, signer: ReturnType<typeof testWallet>) {
  const message = siweMessage(owner, await fetchNonce(app), { address });
  const res = await app.inject({
    method: 'POST',
    url: '/app-api/biz/biz-user/login',
    headers: { 'accept-language': 'en' },
    payload: { message, signature: await signer.signMessage({ message }) },
  });
  return res.json() as { code: number; data: { userId: string } | null };
}

describe('contract wallets (EIP-1271)', () => {
  it('signs a contract wallet in when the contract accepts its owner’s signature', async () => {
    const answer = await loginAs(contractWallet, owner);
    expect(answer.code).toBe(0);
    const [row] = await app.db.select().from(users).where(eq(users.address, contractWallet));
    expect(String(row?.id)).toBe(answer.data?.userId);
  });

  it('refuses a signature the contract does not accept, and keeps checking ordinary wallets offline', async () => {
    expect((await loginAs(contractWallet, testWallet())).code).toBe(1003);
    const plain = testWallet();
    expect((await loginAs(plain.address, owner)).code).toBe(1003);
    expect((await loginAs(plain.address, plain)).code).toBe(0);
  });
});
