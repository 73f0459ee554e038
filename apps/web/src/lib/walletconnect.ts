// WalletConnect v2 through its maintained client (@walletconnect/universal-provider): imported only
// when a member chooses WalletConnect (to sign in, or to pay a deposit), so none of it is in the
// initial JS.
import type { Eip1193Provider } from './wallets';

export type WalletConnectOptions = {
  /** The WalletConnect Cloud project id the server was configured with (WALLETCONNECT_PROJECT_ID). */
  projectId: string;
  /** The app's chain: the session is asked for on it, and the sign-in message names it. */
  chainId: number;
  /** The pairing URI (`wc:…`), as soon as the client has one: shown as a QR code and a link. */
  onUri: (uri: string) => void;
  /** The member gave up waiting: the attempt ends, and a session the wallet approves later is closed. */
  signal?: AbortSignal;
  /** What the app will ask of the wallet: signing in needs only `personal_sign` (the default). */
  methods?: readonly string[];
};

export type WalletConnectSession = {
  /** The wallet's EIP-1193 interface on the app's chain: the same SIWE sign-in as an injected wallet. */
  provider: Eip1193Provider;
  /** Ends the pairing (after the sign-in, or when the member gives up). */
  disconnect: () => Promise<void>;
};

export class WalletConnectChainError extends Error {
  constructor(chainId: number) {
    super(`The wallet did not connect on chain ${chainId}`);
    this.name = 'WalletConnectChainError';
  }
}

/** Pairs with a wallet app over WalletConnect's relay and answers once the wallet approved. */
export async function connectWalletConnect({
  projectId,
  chainId,
  onUri,
  signal,
  methods = ['personal_sign'],
}: WalletConnectOptions): Promise<WalletConnectSession> {
  const { UniversalProvider } = await import('@walletconnect/universal-provider');
  const provider = await UniversalProvider.init({
    projectId,
    metadata: {
      name: 'MineCloud',
      description: 'MineCloud cloud mining',
      url: window.location.origin,
      icons: [`${window.location.origin}/favicon.svg`],
    },
  });
  provider.on('display_uri', onUri);
  const chain = `eip155:${chainId}`;
  const disconnect = () => provider.disconnect().catch(() => undefined);
  const connecting = provider.connect({
    optionalNamespaces: {
      eip155: {
        chains: [chain],
        methods: [...methods],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  });
  const session = await new Promise<Awaited<typeof connecting>>((resolve, reject) => {
    const abort = () => reject(new DOMException('The member stopped waiting for the wallet', 'AbortError'));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    connecting.then(resolve, reject);
  }).catch(async (error: unknown) => {
    // Approved after the member gave up: close what the wallet opened.
    if (signal?.aborted) void connecting.then(disconnect, () => undefined);
    throw error;
  });
  // The same check as for a wallet in the browser: this app's chain, or no sign-in.
  const accounts = session?.namespaces.eip155?.accounts ?? [];
  if (!accounts.some((account: string) => account.startsWith(`${chain}:`))) {
    await disconnect();
    throw new WalletConnectChainError(chainId);
  }
  provider.setDefaultChain(chain);
  return {
    provider: { request: (args) => provider.request(args, chain) },
    disconnect,
  };
}
