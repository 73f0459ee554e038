import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeWalletConnect, fakeWalletConnect } from '@/test/fake-walletconnect';
import { createTestWallet } from '@/test/test-wallet';
import { connectWalletConnect, WalletConnectChainError } from './walletconnect';

let current = fakeWalletConnect();
let fake: FakeWalletConnect = current.fake;

// The client stand-in of the running test (a fresh one each test).
vi.mock('@walletconnect/universal-provider', () => ({
  UniversalProvider: { init: (options: unknown) => current.module.UniversalProvider.init(options) },
}));

beforeEach(() => {
  current = fakeWalletConnect();
  fake = current.fake;
});

const PROJECT = '0123456789abcdef0123456789abcdef';

describe('WalletConnect v2 wiring', () => {
  it('pairs through the client with the project id, shows the URI, and signs on the app’s chain', async () => {
    const connect = connectWalletConnect;
    const uris: string[] = [];
    const wallet = createTestWallet();
    const pending = connect({ projectId: PROJECT, chainId: 56, onUri: (uri) => uris.push(uri) });
    await fake.connected;
    expect(fake.initOptions).toEqual([
      {
        projectId: PROJECT,
        metadata: expect.objectContaining({ name: 'MineCloud', url: window.location.origin }),
      },
    ]);
    expect(fake.connectParams).toEqual([
      {
        optionalNamespaces: {
          eip155: { chains: ['eip155:56'], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] },
        },
      },
    ]);
    expect(uris).toEqual([fake.uri]);
    fake.approve([`eip155:56:${wallet.account.address}`], wallet.provider);
    const session = await pending;
    expect(fake.defaultChain).toBe('eip155:56');
    expect(await session.provider.request({ method: 'eth_requestAccounts' })).toEqual([
      wallet.account.address.toLowerCase(),
    ]);
    expect(fake.requests).toEqual([{ method: 'eth_requestAccounts', chain: 'eip155:56' }]);
    await session.disconnect();
    expect(fake.disconnects).toBe(1);
  });

  it('refuses a session without the app’s chain, and closes it', async () => {
    const connect = connectWalletConnect;
    const pending = connect({ projectId: PROJECT, chainId: 56, onUri: () => undefined });
    await fake.connected;
    fake.approve(['eip155:1:0x0000000000000000000000000000000000000001'], createTestWallet().provider);
    await expect(pending).rejects.toBeInstanceOf(WalletConnectChainError);
    expect(fake.disconnects).toBe(1);
  });

  it('stops waiting when the member gives up, and closes a session the wallet approves afterwards', async () => {
    const connect = connectWalletConnect;
    const controller = new AbortController();
    const pending = connect({ projectId: PROJECT, chainId: 56, onUri: () => undefined, signal: controller.signal });
    await fake.connected;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.disconnects).toBe(0);
    fake.approve(['eip155:56:0x0000000000000000000000000000000000000001'], createTestWallet().provider);
    await vi.waitFor(() => expect(fake.disconnects).toBe(1));
  });
});
