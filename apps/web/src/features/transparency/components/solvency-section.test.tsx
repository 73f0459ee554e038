import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths } from '@/config/paths';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { callsTo, failure } from '@/test/calls';
import { signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import {
  buildSolvency,
  coldAddress,
  DAYS,
  EXPLORER,
  hotAddress,
  RPC_URL,
  SOLVENCY,
  solvencyServer,
} from '../testing/solvency-fixtures';
import { DAY, transparencyServer } from '../testing/transparency-fixtures';

// Proof of solvency on the transparency page: the published figures, and the member's own check.
const PAGE = paths.transparency.href({ section: 'solvency' });
const ONE = 10n ** 18n;

signInBeforeEachTest();

/** Taps "核对" and waits for the verdicts (the first tap loads viem). */
async function verify() {
  await userEvent.click(await screen.findByTestId('solvency-verify-button'));
  return screen.findByTestId('solvency-results', {}, { timeout: 10_000 });
}

const problemsOf = (check: HTMLElement) =>
  within(check)
    .queryAllByTestId('solvency-problem')
    .map((item) => item.getAttribute('data-kind'));

describe('transparency: proof of solvency', () => {
  it('shows each asset’s reserves, liabilities and ratio, the block, the addresses and the anchor', async () => {
    const answer = await buildSolvency();
    const fetchMock = solvencyServer(answer);
    renderApp(PAGE);
    const section = await screen.findByTestId('solvency');
    const newest = answer.list[0];
    expect(within(section).getByTestId('solvency-day')).toHaveTextContent(DAY);
    expect(within(section).getByTestId('solvency-block')).toHaveTextContent(newest?.block.number ?? '');

    const usdt = within(section).getByTestId('solvency-asset-USDT');
    expect(within(usdt).getByTestId('solvency-reserves-USDT')).toHaveTextContent(/^200 USDT$/);
    expect(within(usdt).getByTestId('solvency-liabilities-USDT')).toHaveTextContent(/^149\.75 USDT$/);
    expect(within(usdt).getByTestId('solvency-ratio-USDT')).toHaveTextContent(/^1\.3355$/);
    expect(within(usdt).getByTestId('solvency-verdict-USDT')).toHaveTextContent('不低于 1：链上储备足以覆盖负债');
    const addresses = within(usdt).getAllByTestId('solvency-address');
    expect(addresses.map((row) => row.getAttribute('data-address'))).toEqual([hotAddress, coldAddress]);
    expect(addresses[0]).toHaveTextContent(`${hotAddress.slice(0, 6)}...${hotAddress.slice(-4)}`);
    expect(addresses[0]).toHaveTextContent('热钱包 · Payout');
    expect(addresses[1]).toHaveTextContent('冷钱包 · Vault');
    expect(within(addresses[1] as HTMLElement).getByTestId('solvency-address-balance')).toHaveTextContent('100 USDT');

    const btc = within(section).getByTestId('solvency-asset-BTC');
    expect(within(btc).getByTestId('solvency-ratio-BTC')).toHaveTextContent(/^1\.6200$/);
    expect(within(btc).getByTestId('solvency-liabilities-BTC')).toHaveTextContent(/^0\.12345678 BTC$/);
    expect(within(section).queryByTestId('solvency-asset-GOLD')).not.toBeInTheDocument();
    expect(screen.getByTestId('solvency-gold')).toHaveTextContent('金币只存在于平台内部，没有链上储备');

    expect(within(section).getByTestId('solvency-commitment')).toHaveAttribute('title', newest?.commitment);
    expect(within(section).getByTestId('solvency-previous')).toHaveAttribute('title', answer.list[1]?.commitment);
    const anchor = within(section).getByTestId('solvency-anchor');
    expect(within(anchor).getByTestId('solvency-anchor-tx')).toHaveAttribute('title', newest?.anchor?.txHash);
    expect(within(anchor).getByTestId('solvency-anchor-link')).toHaveAttribute(
      'href',
      `${EXPLORER}/tx/${newest?.anchor?.txHash}`,
    );
    expect(within(anchor).queryByTestId('solvency-anchor-pending')).not.toBeInTheDocument();

    // History: a chart per asset, oldest day first, and every day in the table.
    const bars = within(screen.getByTestId('solvency-chart-USDT')).getAllByTestId('solvency-bar');
    expect(bars.map((bar) => bar.getAttribute('data-day'))).toEqual([...DAYS]);
    expect(screen.getByTestId('solvency-chart-BTC')).toBeInTheDocument();
    const rows = within(screen.getByTestId('solvency-history')).getAllByTestId('solvency-history-row');
    expect(rows.map((row) => row.getAttribute('data-day'))).toEqual([...DAYS].reverse());
    expect(callsTo(fetchMock, SOLVENCY)[0]?.url.searchParams.get('days')).toBe('40');
  });

  it('says plainly when the reserves fall below 1, and that the anchor is pending', async () => {
    // 100 + 40 USDT held against 149.75 owed.
    solvencyServer(await buildSolvency({ newestColdUsdt: 40n * ONE, anchorBlock: null }));
    renderApp(PAGE);
    const usdt = await screen.findByTestId('solvency-asset-USDT');
    expect(within(usdt).getByTestId('solvency-ratio-USDT')).toHaveTextContent(/^0\.9348$/);
    expect(within(usdt).getByTestId('solvency-verdict-USDT')).toHaveTextContent('低于 1：链上储备不足以覆盖负债');
    expect(within(usdt).getByTestId('solvency-verdict-USDT')).toHaveAttribute('data-below', 'true');
    expect(screen.getByTestId('solvency-chart-USDT')).toHaveTextContent(`${DAY} · 0.9348 · 低于 1`);
    expect(screen.getByTestId('solvency-anchor-pending')).toHaveTextContent('待打包');
  });

  it('shows the amounts the commitment holds, not the decimals sent beside them', async () => {
    const answer = await buildSolvency();
    const usdt = answer.list[0]?.assets.find((a) => a.asset === 'USDT');
    if (usdt?.reserves) {
      usdt.reserves.total = '1000000';
      usdt.liabilities.total = '1';
      for (const reserve of usdt.reserves.addresses) reserve.balance = '500000';
    }
    solvencyServer(answer);
    renderApp(PAGE);
    const section = await screen.findByTestId('solvency-asset-USDT');
    expect(within(section).getByTestId('solvency-reserves-USDT')).toHaveTextContent(/^200 USDT$/);
    expect(within(section).getByTestId('solvency-liabilities-USDT')).toHaveTextContent(/^149\.75 USDT$/);
    expect(
      within(section)
        .getAllByTestId('solvency-address-balance')
        .map((cell) => cell.textContent),
    ).toEqual(['100 USDT', '100 USDT']);
  });

  it('says when nothing is published yet, and offers a retry when the answer fails', async () => {
    solvencyServer(null);
    const view = renderApp(PAGE);
    expect(await screen.findByTestId('solvency-empty')).toHaveTextContent('尚未公布偿付能力证明');
    expect(screen.queryByTestId('solvency-verify')).not.toBeInTheDocument();
    view.unmount();

    let fail = true;
    const answer = await buildSolvency();
    transparencyServer({}, { [`GET /app-api/${SOLVENCY}`]: () => (fail ? failure : ok(answer)) });
    renderApp(PAGE);
    const error = await screen.findByTestId('solvency-error');
    expect(error).toHaveTextContent('偿付能力证明加载失败');
    fail = false;
    await userEvent.click(within(error).getByTestId('error-retry'));
    expect(await screen.findByTestId('solvency')).toBeInTheDocument();
  });

  it('verifies signatures, the chain from the member’s proof day, and the anchor through the node', async () => {
    const answer = await buildSolvency();
    const fetchMock = solvencyServer(answer);
    renderApp(PAGE);
    const results = await verify();
    const day = within(results).getByTestId('solvency-check-day');
    expect(day).toHaveAttribute('data-ok', 'true');
    expect(day).toHaveTextContent(`${DAY} 的签名与承诺：通过`);
    const chain = within(results).getByTestId('solvency-check-chain');
    expect(chain).toHaveAttribute('data-ok', 'true');
    expect(chain).toHaveTextContent(`${DAYS[0]} 至 ${DAY} 共 3 天`);
    expect(within(chain).getByTestId('solvency-check-own')).toHaveTextContent(
      `您 ${DAY} 的 USDT 证明的根与当天公布的根一致`,
    );
    const onChain = within(results).getByTestId('solvency-check-onchain');
    expect(onChain).toHaveAttribute('data-ok', 'true');
    expect(onChain).toHaveTextContent(`区块 ${answer.list[0]?.block.number} 的哈希与公布的一致`);
    expect(within(onChain).getByTestId('solvency-node')).toHaveTextContent('查询的链节点：rpc.example.org');
    const methods = fetchMock.mock.calls
      .filter(([url]) => String(url) === RPC_URL)
      .map(([, init]) => (JSON.parse(String(init?.body)) as { method: string }).method);
    expect(methods).toEqual([
      'eth_chainId',
      'eth_getTransactionByHash',
      'eth_getTransactionReceipt',
      'eth_getBlockByNumber',
      'eth_call',
      'eth_call',
      'eth_call',
    ]);
  });

  it('names the address whose signature is forged', async () => {
    solvencyServer(await buildSolvency({ forge: coldAddress }));
    renderApp(PAGE);
    const results = await verify();
    const day = within(results).getByTestId('solvency-check-day');
    expect(day).toHaveAttribute('data-ok', 'false');
    expect(problemsOf(day)).toEqual(['badSignature']);
    expect(day).toHaveTextContent(`${DAY}：地址 ${coldAddress} 的签名无效`);
    expect(day).toHaveTextContent('未通过');
  });

  it('finds an older day whose root was replaced, whether or not its commitment was redone', async () => {
    const answer = await buildSolvency();
    const oldest = answer.list[2];
    const usdt = oldest?.assets.find((a) => a.asset === 'USDT');
    if (usdt) usdt.liabilities.root = 'e'.repeat(64);
    solvencyServer(answer);
    const view = renderApp(PAGE);
    let chain = within(await verify()).getByTestId('solvency-check-chain');
    expect(problemsOf(chain)).toEqual(['commitmentMismatch']);
    expect(chain).toHaveTextContent(`${DAYS[0]}：承诺与当天公布的数据不符`);
    view.unmount();

    // The day's commitment redone to match: the next day no longer names it.
    const { commitmentOf } = await import('@minecloud/contract/solvency');
    if (oldest) oldest.commitment = commitmentOf(oldest);
    solvencyServer(answer);
    renderApp(PAGE);
    chain = within(await verify()).getByTestId('solvency-check-chain');
    expect(problemsOf(chain)).toEqual(['brokenChain']);
    expect(chain).toHaveTextContent(`${DAYS[1]}：前一天的承诺对不上，承诺链在这一天断开`);
  });

  it('without a chain node, gives the command and the explorer link; signed out, checks the whole list', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const answer = await buildSolvency({ rpcUrl: null });
    const fetchMock = solvencyServer(answer);
    renderApp(PAGE);
    const results = await verify();
    expect(within(results).getByTestId('solvency-check-chain')).toHaveAttribute('data-ok', 'true');
    expect(within(results).getByTestId('solvency-check-own')).toHaveTextContent('登录后会从您自己证明的那一天开始核对');
    const onChain = within(results).getByTestId('solvency-check-onchain');
    expect(onChain).toHaveAttribute('data-ok', 'skipped');
    expect(within(onChain).getByTestId('solvency-needs-node')).toHaveTextContent(
      `npm run proof:verify -- <proof.json> --solvency solvency-${DAY}.json --rpc <url>`,
    );
    expect(within(onChain).getByRole('link')).toHaveAttribute(
      'href',
      `${EXPLORER}/tx/${answer.list[0]?.anchor?.txHash}`,
    );
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('https://'))).toEqual([]);
  });

  it('reports an anchor that does not carry the commitment', async () => {
    const answer = await buildSolvency();
    const onChain = structuredClone(answer);
    const newest = onChain.list[0];
    if (newest) newest.commitment = 'f'.repeat(64);
    solvencyServer(answer, onChain);
    renderApp(PAGE);
    const check = within(await verify()).getByTestId('solvency-check-onchain');
    expect(problemsOf(check)).toEqual(['anchorMismatch']);
  });

  it('saves the answer as a JSON file the command-line verifier reads', async () => {
    const answer = await buildSolvency();
    solvencyServer(answer);
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:solvency';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const names: string[] = [];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    onTestFinished(() => clicked.mockRestore());
    renderApp(PAGE);
    await userEvent.click(await screen.findByTestId('solvency-download'));
    expect(names).toEqual([`solvency-${DAY}.json`]);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual(answer);
  });
});
