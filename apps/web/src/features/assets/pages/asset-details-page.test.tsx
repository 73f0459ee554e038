import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { balancesAnswer, CONFIG, USER } from '@/test/fixtures/money';
import { layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { mockServer, ok, renderApp } from '@/test/render-app';

const BALANCES = {
  GOLD: { available: '5000' },
  USDT: { available: '987.5', locked: '10', earnings: '1.239' },
  BTC: { available: '0.12345678' },
};

// A local time, so the expected text holds in any time zone.
const AT = new Date(2024, 4, 3, 9, 5, 7).toISOString();

const record = (id: number, over: Record<string, string> = {}) => ({
  id: String(id),
  kind: 'gift',
  direction: 'out',
  amount: '1.999999',
  createdAt: AT,
  ...over,
});

type Page = { list: ReturnType<typeof record>[]; total: number };
type Answer = { status?: number; body: unknown };

function server(records: Record<string, (query: URLSearchParams) => Answer>) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(BALANCES),
    ...Object.fromEntries(
      Object.entries(records).map(([path, answer]) => [`GET /app-api/${path}`, ({ url }) => answer(url.searchParams)]),
    ),
  });
}

const page = (list: Page['list'], total: number) => ok({ list, total });
const failure = { status: 500, body: { code: 500, data: null, msg: '服务器繁忙，请稍后再试' } };
const details = (asset: string) => paths.assetDetails.href({ asset });

layOutListsInThisFile();
signInBeforeEachTest();

describe('asset details', () => {
  it('shows the balance and each record with its kind, sign, truncated amount and local time', async () => {
    server({
      'biz/user-usdt-record/page': () =>
        page(
          [
            record(3, { kind: 'gift', direction: 'in', amount: '12.5' }),
            record(2, { kind: 'gift', direction: 'out', amount: '1.999999' }),
            record(1, { kind: 'topup', direction: 'out', amount: '10' }),
          ],
          3,
        ),
    });
    renderApp(details('USDT'));
    expect(await screen.findByTestId('asset-details-available')).toHaveTextContent('987.50');
    expect(screen.getByTestId('asset-details-locked')).toHaveTextContent('10.00');
    expect(screen.getByTestId('asset-details-total')).toHaveTextContent('997.50');
    expect(screen.getByTestId('asset-details-earnings')).toHaveTextContent('1.23');
    expect(screen.getByTestId('asset-tab-USDT')).toHaveAttribute('aria-selected', 'true');

    const rows = await screen.findAllByTestId(/^record-\d+$/);
    expect(rows.map((row) => within(row).getByTestId('record-kind').textContent)).toEqual([
      '收到赠送',
      '赠送他人',
      '金币充值',
    ]);
    expect(rows.map((row) => within(row).getByTestId('record-amount').textContent)).toEqual([
      '+12.50',
      '-1.99',
      '-10.00',
    ]);
    expect(within(rows[0]!).getByTestId('record-time')).toHaveTextContent('2024-05-03 09:05:07');
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
  });

  it('keeps 8 decimals for BTC records, still truncated', async () => {
    server({
      'biz/user-btc-record/page': () =>
        page([record(9, { kind: 'mining_output', direction: 'in', amount: '0.000012349' })], 1),
    });
    renderApp(details('BTC'));
    const row = await screen.findByTestId('record-9');
    expect(within(row).getByTestId('record-kind')).toHaveTextContent('挖矿产出');
    expect(within(row).getByTestId('record-amount')).toHaveTextContent('+0.00001234');
    expect(screen.getByTestId('asset-details-available')).toHaveTextContent('0.12345678');
  });

  it('names the fee of a withdrawal, and offers it as a filter of USDT and BTC', async () => {
    const kinds: (string | null)[] = [];
    server({
      'biz/user-btc-record/page': (query) => {
        kinds.push(query.get('kind'));
        return page([record(4, { kind: 'withdraw_fee', direction: 'out', amount: '0.0005' })], 1);
      },
      'biz/user-usdt-record/page': () => page([record(5, { kind: 'withdraw_fee', direction: 'out', amount: '1' })], 1),
    });
    const { router } = renderApp(details('BTC'));
    const row = await screen.findByTestId('record-4');
    expect(within(row).getByTestId('record-kind')).toHaveTextContent('提现手续费');
    expect(within(row).getByTestId('record-amount')).toHaveTextContent('-0.00050000');
    await userEvent.click(screen.getByTestId('record-filter-withdraw_fee'));
    expect(screen.getByTestId('record-filter-withdraw_fee')).toHaveTextContent('提现手续费');
    await waitFor(() => expect(kinds).toEqual([null, 'withdraw_fee']));

    await userEvent.click(screen.getByTestId('asset-tab-USDT'));
    await waitFor(() => expect(router.state.location.search).toBe('?asset=USDT'));
    expect(within(await screen.findByTestId('record-5')).getByTestId('record-kind')).toHaveTextContent('提现手续费');
    expect(screen.getByTestId('record-filter-withdraw_fee')).toBeInTheDocument();
  });

  it('loads the next page at the end of the list, says when it failed, and retries on 点击重试', async () => {
    const asked: string[] = [];
    let failSecond = true;
    server({
      'biz/user-usdt-record/page': (query) => {
        asked.push(`${query.get('pageNo')}/${query.get('pageSize')}`);
        if (query.get('pageNo') === '1') {
          return page(
            Array.from({ length: 20 }, (_, i) => record(100 - i)),
            25,
          );
        }
        if (failSecond) return failure;
        return page(
          Array.from({ length: 5 }, (_, i) => record(80 - i)),
          25,
        );
      },
    });
    renderApp(details('USDT'));
    expect(await screen.findByTestId('list-failed')).toHaveTextContent('加载失败点击重试');
    expect(screen.getAllByTestId(/^record-\d+$/)).toHaveLength(20);

    failSecond = false;
    await userEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(screen.getAllByTestId(/^record-\d+$/)).toHaveLength(25);
    expect(asked).toEqual(['1/20', '2/20', '2/20']);
  });

  it('shows 正在努力加载中... while the next page is on its way', async () => {
    const fetchMock = server({ 'biz/user-usdt-record/page': () => page([record(5)], 2) });
    const answer = fetchMock.getMockImplementation()!;
    // The second page never answers: the footer keeps saying it is loading.
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('pageNo=2') ? new Promise<Response>(() => undefined) : answer(input, init),
    );
    renderApp(details('USDT'));
    await screen.findByTestId('record-5');
    expect(await screen.findByTestId('list-loading')).toHaveTextContent('正在努力加载中...');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('pageNo=2'))).toBe(true));
  });

  it('filters by kind and shows an empty state', async () => {
    const kinds: (string | null)[] = [];
    server({
      'biz/user-usdt-record/page': (query) => {
        kinds.push(query.get('kind'));
        return query.get('kind') === 'claim' ? page([], 0) : page([record(1)], 1);
      },
    });
    renderApp(details('USDT'));
    await screen.findByTestId('record-1');
    await userEvent.click(screen.getByTestId('record-filter-claim'));
    expect(await screen.findByTestId('records-empty')).toHaveTextContent('暂无记录');
    expect(screen.getByTestId('record-filter-claim')).toHaveAttribute('aria-pressed', 'true');
    expect(kinds).toEqual([null, 'claim']);
  });

  it('offers a retry when the first page fails, and switches asset', async () => {
    let fail = true;
    server({
      'biz/user-usdt-record/page': () => (fail ? failure : page([record(1)], 1)),
      'biz/user-gold-record/page': () => page([record(7, { kind: 'donation', amount: '88' })], 1),
    });
    const { router } = renderApp(details('USDT'));
    expect(await screen.findByTestId('records-error')).toHaveTextContent('明细加载失败');
    fail = false;
    await userEvent.click(within(screen.getByTestId('records-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('record-1')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('asset-tab-GOLD'));
    await waitFor(() => expect(router.state.location.search).toBe('?asset=GOLD'));
    const row = await screen.findByTestId('record-7');
    expect(within(row).getByTestId('record-kind')).toHaveTextContent('捐赠');
    expect(within(row).getByTestId('record-amount')).toHaveTextContent('-88.00');
    expect(screen.getByTestId('asset-details-available')).toHaveTextContent('5,000.00');
  });

  it('offers withdrawing USDT and BTC from their details, and not gold coins', async () => {
    server({
      'biz/user-usdt-record/page': () => page([], 0),
      'biz/user-gold-record/page': () => page([], 0),
    });
    const { router } = renderApp(details('GOLD'));
    await screen.findByTestId('asset-details-balance');
    expect(screen.queryByTestId('asset-details-withdraw')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('asset-tab-USDT'));
    await userEvent.click(await screen.findByTestId('asset-details-withdrawals'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdrawRecord.path));
    expect(router.state.location.search).toBe('?asset=USDT');
    await router.navigate(details('USDT'));
    resetNavigationThrottle();
    await userEvent.click(await screen.findByTestId('asset-details-withdraw'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdraw.path));
    expect(router.state.location.search).toBe('?asset=USDT');
  });
});
