import { API } from '@minecloud/contract/api-paths';
import { walletChain } from '@minecloud/contract/chains';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, page } from '@/test/calls';
import { ADD_CHAIN_AND_SEND, chainWallet, SENT_HASH } from '@/test/chain-wallet';
import { doubleTap, pause } from '@/test/double-tap';
import { fakeWalletConnect } from '@/test/fake-walletconnect';
import { ADDRESS, CONFIG, DEPOSIT_ADDRESS, deposit, signIn, TOKEN_USDT, walletServer } from '@/test/fixtures/wallet';
import { layOutListsInThisFile } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';

vi.mock('@/lib/qr-svg', () => ({ qrSvgDataUrl: async (text: string) => `data:text/plain,qr:${text}` }));

const PAYING = { ...CONFIG, depositChain: walletChain(56, null) };
const topUp = paths.topUp.href({ tab: 'chain' });

/** The member's injected wallet, on Ethereum and without BNB Smart Chain until it is added. */
function injectWallet({ account = ADDRESS, refuse }: { account?: string; refuse?: string } = {}) {
  const wallet = chainWallet({ accounts: [account], refuse, signMs: 50 });
  window.ethereum = wallet.provider;
  return wallet;
}

/** The server: the submitted hash becomes a deposit confirming, which `credit()` credits. */
function server(config: Partial<typeof PAYING> = {}) {
  let list = [deposit('1')];
  const state = { credit: () => {} };
  const fetchMock = walletServer(
    {
      [`GET /app-api/${API.depositPage}`]: () => page(list),
      [`POST /app-api/${API.depositSubmit}`]: ({ body }) => {
        const created = deposit('2', {
          txHash: (body as { txHash: string }).txHash,
          asset: 'USDT',
          amount: '25.5',
          status: 'confirming',
          confirmations: 1,
          creditedAt: null,
        });
        list = [created, ...list];
        state.credit = () => {
          list = [{ ...created, status: 'credited', confirmations: 12 }, ...list.slice(1)];
        };
        return ok(created);
      },
    },
    undefined,
    { ...PAYING, ...config },
  );
  return { fetchMock, credit: () => state.credit() };
}

async function typeAmount(amount: string) {
  const input = await screen.findByTestId('wallet-pay-amount');
  await userEvent.type(input, amount);
}

// WalletConnect's client, played by a stand-in: these tests never reach the public relay.
let walletConnect = fakeWalletConnect();
vi.mock('@walletconnect/universal-provider', () => ({
  UniversalProvider: { init: (options: unknown) => walletConnect.module.UniversalProvider.init(options) },
}));

layOutListsInThisFile();

beforeEach(() => {
  walletConnect = fakeWalletConnect();
  resetNavigationThrottle();
  signIn();
});

afterEach(() => {
  delete window.ethereum;
});

describe('pay from wallet', () => {
  it('adds the chain, sends the transfer, submits its hash by itself and follows it until credited', async () => {
    const wallet = injectWallet();
    const { fetchMock, credit } = server();
    renderApp(topUp);
    await typeAmount('25.5');
    await userEvent.click(screen.getByTestId('wallet-pay-submit'));

    const sent = await screen.findByTestId('wallet-pay-sent');
    await waitFor(() => expect(within(sent).getByTestId('deposit-status')).toHaveTextContent('确认中 1 / 12'));
    expect(wallet.methods()).toEqual(ADD_CHAIN_AND_SEND);
    const [tx] = (wallet.calls.at(-1)?.params ?? []) as [{ to: string; data: Hex }];
    expect(tx.to).toBe(TOKEN_USDT);
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data }).args).toEqual([
      DEPOSIT_ADDRESS,
      parseUnits('25.5', 18),
    ]);
    expect(callsTo(fetchMock, API.depositSubmit).map((call) => call.body)).toEqual([{ txHash: SENT_HASH }]);
    expect(screen.getByTestId('wallet-pay-amount')).toHaveValue('');

    credit();
    await waitFor(() => expect(within(sent).getByTestId('deposit-status')).toHaveTextContent('已入账'), {
      timeout: 6000,
    });
  });

  it('sends one transfer and submits it once for a double tap', async () => {
    const wallet = injectWallet();
    const { fetchMock } = server();
    renderApp(topUp);
    await typeAmount('10');
    await doubleTap(screen.getByTestId('wallet-pay-submit'));
    await screen.findByTestId('wallet-pay-sent');
    await pause();
    expect(wallet.methods().filter((method) => method === 'eth_sendTransaction')).toHaveLength(1);
    expect(callsTo(fetchMock, API.depositSubmit)).toHaveLength(1);
  });

  it('says that nothing was sent when the member refuses in the wallet, and submits nothing', async () => {
    injectWallet({ refuse: 'eth_sendTransaction' });
    const { fetchMock } = server();
    renderApp(topUp);
    await typeAmount('10');
    await userEvent.click(screen.getByTestId('wallet-pay-submit'));
    expect(await screen.findByTestId('wallet-pay-message')).toHaveTextContent('您在钱包中取消了请求，没有发送任何资金');
    expect(callsTo(fetchMock, API.depositSubmit)).toHaveLength(0);
    expect(screen.queryByTestId('wallet-pay-sent')).not.toBeInTheDocument();
  });

  it('asks for the sign-in account when the wallet is on another one, and asks nothing more', async () => {
    const wallet = injectWallet({ account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' });
    server();
    renderApp(topUp);
    await typeAmount('10');
    await userEvent.click(screen.getByTestId('wallet-pay-submit'));
    expect(await screen.findByTestId('wallet-pay-message')).toHaveTextContent(
      '钱包当前账户是 0x7099...79C8，只有从您的登录钱包 0xf39F...2266 转出的才会入账',
    );
    expect(wallet.methods()).toEqual(['eth_requestAccounts']);
  });

  it('asks the wallet nothing for an amount the form refuses', async () => {
    const wallet = injectWallet();
    server();
    renderApp(topUp);
    // A third decimal of USDT is not taken as typed; zero is refused on the form.
    await typeAmount('1.234');
    expect(screen.getByTestId('wallet-pay-amount')).toHaveValue('1.23');
    await userEvent.clear(screen.getByTestId('wallet-pay-amount'));
    await typeAmount('0');
    await userEvent.click(screen.getByTestId('wallet-pay-submit'));
    expect(await screen.findByTestId('wallet-pay-amount-error')).toHaveTextContent('金额必须大于0');
    expect(wallet.calls).toEqual([]);
  });

  it('pays through WalletConnect when the browser has no wallet: pairs, lists the wallet apps, sends, closes', async () => {
    const { fetchMock } = server({ walletConnectProjectId: '0123456789abcdef0123456789abcdef' });
    renderApp(topUp);
    await typeAmount('12');
    await userEvent.click(screen.getByTestId('wallet-pay-submit'));
    await walletConnect.fake.connected;
    // The session is asked for the chain and the transfer, not only a signature.
    expect(JSON.stringify(walletConnect.fake.connectParams)).toContain('eth_sendTransaction');
    const pairing = await screen.findByTestId('walletconnect-pairing');
    expect(within(pairing).getByTestId('walletconnect-app-trust')).toHaveAttribute(
      'href',
      `https://link.trustwallet.com/wc?uri=${encodeURIComponent(walletConnect.fake.uri)}`,
    );
    // The paired wallet is already on the platform's chain: nothing to switch.
    const paired = chainWallet({ on: 56, knows: [56] });
    walletConnect.fake.approve([`eip155:56:${ADDRESS}`], paired.provider);
    await screen.findByTestId('wallet-pay-sent');
    expect(paired.methods()).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_call', 'eth_sendTransaction']);
    expect(callsTo(fetchMock, API.depositSubmit).map((call) => call.body)).toEqual([{ txHash: SENT_HASH }]);
    await waitFor(() => expect(walletConnect.fake.disconnects).toBe(1));
    expect(screen.queryByTestId('walletconnect-pairing')).not.toBeInTheDocument();
  });
});
