import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { paths } from '@/config/paths';
import { formatLocalTime } from '@/lib/format-time';
import { callsTo, failure } from '@/test/calls';
import { balancesAnswer, DEMO_BALANCES } from '@/test/fixtures/money';
import { signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import {
  buildTree,
  DAY,
  LIABILITIES,
  liabilitiesList,
  PARAMETERS,
  PROOF,
  parametersAnswer,
  publishedRoot,
  TOTALS,
  totalsAnswer,
  transparencyServer,
} from '../testing/transparency-fixtures';

const PAGE = paths.transparency.path;
const PROOF_PAGE = paths.transparency.href({ section: 'proof', asset: 'USDT' });

signInBeforeEachTest();

describe('transparency: public totals', () => {
  it('shows members, hash rate, donations with their transfer and withdrawals with their transaction', async () => {
    const fetchMock = transparencyServer();
    renderApp(PAGE);
    expect(screen.getByTestId('nav-title')).toHaveTextContent('透明度');
    const totals = await screen.findByTestId('totals');
    expect(within(totals).getByTestId('totals-members')).toHaveTextContent(/^1287$/);
    expect(within(totals).getByTestId('totals-hash-rate')).toHaveTextContent(/^5230\.45$/);
    expect(within(totals).getByTestId('totals-burned')).toHaveTextContent(/^275\.30$/);
    expect(within(totals).getByTestId('donation-total-GOLD')).toHaveTextContent('12,000.99 金币40 笔');
    expect(within(totals).getByTestId('donation-total-USDT')).toHaveTextContent('350.50 USDT7 笔');
    const donation = within(totals).getByTestId('donation-row');
    expect(donation).toHaveTextContent('0xAAAA...1111');
    expect(donation).toHaveTextContent('50.00 USDT');
    expect(within(donation).getByTestId('donation-transfer')).toHaveTextContent('转账编号 #9001');
    expect(within(totals).getByTestId('withdrawal-total-USDT')).toHaveTextContent('25,000.12 USDT120 笔');
    expect(within(totals).getByTestId('withdrawal-total-BTC')).toHaveTextContent('0.50000000 BTC3 笔');
    const withdrawal = within(totals).getByTestId('withdrawal-row');
    expect(within(withdrawal).getByTestId('withdrawal-tx')).toHaveTextContent('0x9f86...0a08');
    expect(withdrawal).toHaveTextContent('100.00 USDT');
    // Public calls, asked once each.
    expect(callsTo(fetchMock, TOTALS)).toHaveLength(1);
    expect(callsTo(fetchMock, LIABILITIES)[0]?.url.searchParams.get('days')).toBe('30');
  });

  it('shows an error with a retry that works when the totals cannot be loaded', async () => {
    let fail = true;
    transparencyServer({}, { [`GET /app-api/${TOTALS}`]: () => (fail ? failure : ok(totalsAnswer())) });
    renderApp(PAGE);
    expect(await screen.findByTestId('totals-error')).toHaveTextContent('公开数据加载失败');
    fail = false;
    await userEvent.click(within(screen.getByTestId('totals-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('totals')).toBeInTheDocument();
  });

  it('says when nothing was donated or paid yet', async () => {
    transparencyServer(
      {},
      {
        [`GET /app-api/${TOTALS}`]: () =>
          ok({
            ...totalsAnswer(),
            donations: { totals: [], recent: [] },
            withdrawals: { totals: [], recent: [] },
          }),
      },
    );
    renderApp(PAGE);
    const totals = await screen.findByTestId('totals');
    expect(totals).toHaveTextContent('暂无捐赠');
    expect(totals).toHaveTextContent('暂无已支付的提现');
  });
});

describe('transparency: proof of liabilities', () => {
  it("shows each asset's newest root and its days in a chart; a tap shows that day's total", async () => {
    const { root } = buildTree();
    transparencyServer();
    renderApp(PAGE);
    expect(await screen.findByTestId('liabilities-explained')).toHaveTextContent('可用 + 冻结 + 待领取收益');
    const usdt = await screen.findByTestId('liability-root-USDT');
    expect(within(usdt).getByTestId('liability-total')).toHaveTextContent(/^149\.75 USDT$/);
    expect(usdt).toHaveTextContent(`${DAY} 公布的总额`);
    expect(within(usdt).getByTestId('liability-members')).toHaveTextContent(/^5$/);
    expect(within(usdt).getByTestId('liability-root-hash')).toHaveTextContent(
      `${root.hash.slice(0, 6)}...${root.hash.slice(-4)}`,
    );
    expect(within(usdt).getByTestId('liability-root-hash')).toHaveAttribute('title', root.hash);
    expect(within(usdt).getByTestId('liability-taken-at')).toHaveTextContent(
      formatLocalTime('2026-11-23T16:00:05.000Z'),
    );

    // Oldest day first; the newest is shown until another is tapped.
    const bars = within(usdt).getAllByTestId('liability-bar');
    expect(bars.map((bar) => bar.getAttribute('data-day'))).toEqual(['2026-11-21', '2026-11-22', DAY]);
    expect(within(usdt).getByTestId('liability-chart-selected')).toHaveTextContent(`${DAY}149.75 USDT`);
    await userEvent.click(bars[0]?.parentElement as Element);
    expect(within(usdt).getByTestId('liability-chart-selected')).toHaveTextContent('2026-11-2199.5 USDT');

    await userEvent.click(screen.getByTestId('liability-asset-BTC'));
    const btc = await screen.findByTestId('liability-root-BTC');
    expect(within(btc).getByTestId('liability-total')).toHaveTextContent(/^0\.12345678 BTC$/);
    expect(within(btc).getByTestId('liability-members')).toHaveTextContent(/^4$/);
  });

  it('shows a calm empty state, not an error, before the first snapshot is published', async () => {
    transparencyServer(
      {},
      {
        [`GET /app-api/${LIABILITIES}`]: () => ({ status: 404, body: { code: 404, data: null, msg: '内容不存在' } }),
        [`GET /app-api/${PROOF}`]: () => ({
          status: 404,
          body: { code: 1120, data: null, msg: '该日没有您的余额证明' },
        }),
      },
    );
    renderApp(PROOF_PAGE);
    expect(await screen.findByTestId('liabilities-empty')).toHaveTextContent('尚未公布负债证明');
    expect(await screen.findByTestId('proof-none')).toHaveTextContent('暂时没有您的 USDT 余额证明');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an empty list reads the same as no snapshot', async () => {
    transparencyServer({ published: [] }, { [`GET /app-api/${LIABILITIES}`]: () => ok({ list: [] }) });
    renderApp(PAGE);
    expect(await screen.findByTestId('liabilities-empty')).toBeInTheDocument();
  });

  it('offers a retry when the roots could not be loaded', async () => {
    let fail = true;
    const { root } = buildTree();
    transparencyServer(
      {},
      {
        [`GET /app-api/${LIABILITIES}`]: () => (fail ? failure : ok({ list: liabilitiesList(publishedRoot(root)) })),
      },
    );
    renderApp(PAGE);
    const error = await screen.findByTestId('liabilities-error');
    expect(error).toHaveTextContent('已公布的负债总额加载失败');
    fail = false;
    await userEvent.click(within(error).getByTestId('error-retry'));
    expect(await screen.findByTestId('liability-root-USDT')).toBeInTheDocument();
    expect(await screen.findByTestId('proof-verified')).toBeInTheDocument();
  });
});

describe('transparency: parameter log', () => {
  it('names every parameter, shows its value exactly, and lists changes newest first', async () => {
    transparencyServer();
    renderApp(PAGE);
    const current = await screen.findByTestId('parameters-current');
    const row = (key: string) => within(current).getByTestId(`parameter-${key}`).textContent;
    expect(row('mining.burnRate')).toBe('购买矿机时燃烧的算力比例5%');
    expect(row('team.directRate')).toBe('直推奖励比例12.5%');
    expect(row('pool.weights')).toBe('奖池各名次占比40% / 25% / 15% / 10% / 10%');
    expect(row('withdraw.fee.USDT')).toBe('USDT 提现手续费1 USDT');
    expect(row('equity.tradingOpen')).toBe('股权交易未开放');
    expect(row('team.silverBonusPct')).toBe('白银节点：加成算力5%');
    // A key the app does not know yet shows as itself.
    expect(row('future.knob')).toBe('future.knob7');

    const changes = screen.getAllByTestId('parameter-change');
    expect(changes).toHaveLength(2);
    const [coming, past] = changes as [HTMLElement, HTMLElement];
    expect(within(coming).getByTestId('change-name')).toHaveTextContent('USDT 提现手续费');
    expect(within(coming).getByTestId('change-values')).toHaveTextContent('1 USDT → 改为0.8 USDT');
    expect(within(coming).getByTestId('change-coming')).toHaveTextContent('待生效');
    // Times in the settlement time zone: a change takes effect at the start of a day there.
    expect(within(coming).getByTestId('change-effective')).toHaveTextContent('生效：2026-11-25 00:00');
    expect(within(coming).getByTestId('change-announced')).toHaveTextContent('公告：2026-11-23 11:12');
    expect(within(past).getByTestId('change-values')).toHaveTextContent('4% → 改为5%');
    expect(within(past).queryByTestId('change-coming')).not.toBeInTheDocument();
    expect(screen.getByText(/时间均为结算时区 Asia\/Shanghai/)).toBeInTheDocument();
  });

  it('says when nothing was changed yet, and offers a retry when the log fails', async () => {
    let fail = true;
    transparencyServer(
      {},
      { [`GET /app-api/${PARAMETERS}`]: () => (fail ? failure : ok(parametersAnswer({ changes: [] }))) },
    );
    renderApp(PAGE);
    const error = await screen.findByTestId('parameters-error');
    expect(error).toHaveTextContent('参数记录加载失败');
    fail = false;
    await userEvent.click(within(error).getByTestId('error-retry'));
    expect(await screen.findByTestId('changes-empty')).toHaveTextContent('参数尚未调整过');
  });
});

describe('transparency: sections and entries', () => {
  it('scrolls to ?section= once the page has loaded, and the section tabs scroll too', async () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record which section asked to be scrolled to.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this.id);
      },
    });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    transparencyServer();
    const { router } = renderApp(paths.transparency.href({ section: 'parameters' }));
    await screen.findByTestId('parameters-current');
    await waitFor(() => expect(scrolled).toEqual(['transparency-parameters']));
    await userEvent.click(screen.getByTestId('transparency-nav-totals'));
    expect(scrolled).toEqual(['transparency-parameters', 'transparency-totals']);
    expect(router.state.location.search).toBe('?section=totals');
  });

  it('opens from its entry on home', async () => {
    transparencyServer();
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByTestId('home-entry-transparency'));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByTestId('nav-title')).toHaveTextContent('透明度');
  });

  it('opens at the check of an asset from "验证我的余额" on my assets', async () => {
    transparencyServer(
      {},
      {
        'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(DEMO_BALANCES),
        'GET /app-api/biz/biz-user/get/earnings': () =>
          ok({ USDT: { total: '0', available: '0' }, BTC: { total: '0', available: '0' }, referralTotalU: '0' }),
      },
    );
    const { router } = renderApp(paths.assetsList.path);
    const link = await screen.findByTestId('asset-verify-link-BTC');
    expect(link).toHaveTextContent('验证我的余额');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(router.state.location.search).toBe('?section=proof&asset=BTC');
    expect(await screen.findByTestId('liability-root-BTC')).toBeInTheDocument();
  });
});
