import type { Eip1193Provider } from '@/lib/wallets';

/**
 * A stand-in for @walletconnect/universal-provider's UniversalProvider (the tests never reach the
 * public relay): it records what the app asks of it, hands out a pairing URI, and lets a test play
 * the wallet app that approves the session (with accounts on chosen chains) and answers requests.
 */
export type FakeWalletConnect = {
  initOptions: unknown[];
  connectParams: unknown[];
  requests: { method: string; chain: string | undefined }[];
  defaultChain: string | null;
  disconnects: number;
  /** The URI handed to `display_uri` listeners on connect. */
  uri: string;
  /** The wallet approves: the session's accounts, and the wallet that answers its requests. */
  approve: (accounts: string[], wallet: Eip1193Provider) => void;
  reject: (error: Error) => void;
  /** Resolves once the app called connect (the pairing is shown). */
  connected: Promise<void>;
};

export function fakeWalletConnect(uri = 'wc:0f1e2d3c@2?relay-protocol=irn&symKey=ab12cd34'): {
  fake: FakeWalletConnect;
  module: { UniversalProvider: { init: (options: unknown) => Promise<unknown> } };
} {
  let onConnect: () => void = () => undefined;
  let settle: { resolve: (session: unknown) => void; reject: (error: Error) => void } | null = null;
  let wallet: Eip1193Provider | null = null;
  const fake: FakeWalletConnect = {
    initOptions: [],
    connectParams: [],
    requests: [],
    defaultChain: null,
    disconnects: 0,
    uri,
    approve: (accounts, answering) => {
      wallet = answering;
      settle?.resolve({
        topic: 'session',
        namespaces: { eip155: { accounts, methods: ['personal_sign'], events: [] } },
      });
    },
    reject: (error) => settle?.reject(error),
    connected: new Promise<void>((resolve) => {
      onConnect = resolve;
    }),
  };
  const listeners = new Map<string, ((value: string) => void)[]>();
  const provider = {
    on(event: string, listener: (value: string) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    connect(params: unknown) {
      fake.connectParams.push(params);
      for (const listener of listeners.get('display_uri') ?? []) listener(fake.uri);
      onConnect();
      return new Promise((resolve, reject) => {
        settle = { resolve, reject };
      });
    },
    setDefaultChain(chain: string) {
      fake.defaultChain = chain;
    },
    async request(args: { method: string; params?: readonly unknown[] }, chain?: string) {
      fake.requests.push({ method: args.method, chain });
      if (!wallet) throw new Error('no session');
      return wallet.request(args);
    },
    async disconnect() {
      fake.disconnects += 1;
    },
  };
  return {
    fake,
    module: {
      UniversalProvider: {
        init: async (options: unknown) => {
          fake.initOptions.push(options);
          return provider;
        },
      },
    },
  };
}
