import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { headersOf, IDEMPOTENCY_KEY } from '@/test/fixtures/money';
import { expectFailedThenEmpty, expectNextPageAtEnd, expectSentToSignIn } from '@/test/list-pages';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { CREATED, callsTo, ENDS, equityServer, order, orderDetail, page } from '../testing/equity-fixtures';

const ORDERS = 'biz/equity-investment-order/page';
const ORDER = 'biz/equity-investment-order/get';

type Query = { status: string | null; pageNo: number; pageSize: number };

function queryOf(url: URL): Query {
  return {
    status: url.searchParams.get('status'),
    pageNo: Number(url.searchParams.get('pageNo')),
    pageSize: Number(url.searchParams.get('pageSize')),
  };
}

function server(answer: (query: Query) => { status?: number; body: unknown }, detail = orderDetail('21')) {
  return equityServer({
    [`GET /app-api/${ORDERS}`]: ({ url }) => answer(queryOf(url)),
    [`GET /app-api/${ORDER}`]: ({ url }) =>
      url.searchParams.get('id') === detail.id
        ? ok(detail)
        : { status: 404, body: { code: 404, data: null, msg: '内容不存在' } },
  });
}

const cards = () => screen.getAllByTestId(/^equity-order-\d+$/);

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

describe('share orders', () => {
  it('lists the earning orders with quantity, payment, price, yield, source, times and status', async () => {
    const fetchMock = server(({ status }) =>
      status === 'active'
        ? page([
            order('22', { quantity: 12, payment: '1234.5', pricePerShare: '102.875', annualYieldPct: '7.5' }),
            order('21', { source: 'reinvest' }),
          ])
        : page([order('3', { status: 'ended' })]),
    );
    renderApp(paths.equityOrder.path);
    expect(await screen.findByTestId('equity-tab-active')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('equity-tab-ended')).toHaveTextContent('已结束');
    await waitFor(() => expect(cards()).toHaveLength(2));

    const first = screen.getByTestId('equity-order-22');
    expect(within(first).getByRole('heading')).toHaveTextContent('订单 #22');
    expect(within(first).getByTestId('equity-order-quantity')).toHaveTextContent('12 股');
    expect(within(first).getByTestId('equity-order-payment')).toHaveTextContent('1,234.50 U');
    expect(within(first).getByTestId('equity-order-price')).toHaveTextContent('102.875 U');
    expect(within(first).getByTestId('equity-order-yield')).toHaveTextContent('7.5%');
    expect(within(first).getByTestId('equity-order-source')).toHaveTextContent('购买');
    expect(within(first).getByTestId('equity-order-status')).toHaveTextContent('收益中');
    expect(within(first).getByTestId('equity-order-created')).toHaveTextContent('2024-05-03 09:05:07');
    expect(within(first).getByTestId('equity-order-created')).toHaveAttribute('dateTime', CREATED);
    expect(within(first).getByTestId('equity-order-ends')).toHaveTextContent('2025-05-04 00:00:00');
    expect(within(first).getByTestId('equity-order-ends')).toHaveAttribute('dateTime', ENDS);
    expect(within(screen.getByTestId('equity-order-21')).getByTestId('equity-order-source')).toHaveTextContent('复投');
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(callsTo(fetchMock, ORDERS).map((call) => queryOf(call.url))).toEqual([
      { status: 'active', pageNo: 1, pageSize: 10 },
    ]);
  });

  it('shows the ended orders on 已结束, and only those', async () => {
    const fetchMock = server(({ status }) =>
      status === 'ended' ? page([order('3', { status: 'ended' })]) : page([order('22'), order('21')]),
    );
    const { router } = renderApp(paths.equityOrder.path);
    await waitFor(() => expect(cards()).toHaveLength(2));
    await userEvent.click(screen.getByTestId('equity-tab-ended'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(screen.getByTestId('equity-order-3')).getByTestId('equity-order-status')).toHaveTextContent('已结束');
    expect(router.state.location.search).toBe('?status=ended');
    expect(callsTo(fetchMock, ORDERS).map((call) => queryOf(call.url).status)).toEqual(['active', 'ended']);
  });

  it('loads the next page at the end of the list', () =>
    expectNextPageAtEnd({ path: paths.equityOrder.path, serve: server, item: order, rows: cards }));

  it('shows an empty state with the way to the Equity Investment page, and a failed list with a retry', () =>
    expectFailedThenEmpty({
      path: paths.equityOrder.path,
      serve: server,
      failed: ['equity-orders-error', '股权订单加载失败'],
      empty: ['equity-orders-empty', '还没有收益中的股权订单'],
      goTo: ['equity-orders-go-invest', paths.equity.path],
    }));

  it('sends a signed-out visitor to sign in', async () => {
    server(() => page([]));
    await expectSentToSignIn(paths.equityOrder.path);
  });
});

describe('share order detail', () => {
  it('opens from its card with the static earnings, the claimable amounts and the recent days', async () => {
    const fetchMock = server(() => page([order('21')]));
    const { router } = renderApp(paths.equityOrder.path);
    await userEvent.click(await screen.findByTestId('equity-order-open-21'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&id=21'));

    const detail = await screen.findByTestId('equity-order-detail');
    expect(within(detail).getByRole('heading', { level: 3 })).toHaveTextContent('订单 #21');
    expect(within(detail).getByTestId('equity-order-quantity')).toHaveTextContent('3 股');
    // Too small for 2 decimals: every place shows rather than 0.00.
    expect(within(detail).getByTestId('equity-detail-total-u')).toHaveTextContent(/^0\.004931$/);
    expect(within(detail).getByTestId('equity-detail-total-btc')).toHaveTextContent(/^0\.00000152$/);
    expect(within(detail).getByTestId('equity-detail-available-USDT')).toHaveTextContent(/^12\.34$/);
    expect(within(detail).getByTestId('equity-detail-available-BTC')).toHaveTextContent(/^0\.00000000$/);
    expect(within(detail).getByTestId('claim-USDT')).toBeEnabled();
    expect(within(detail).getByTestId('claim-BTC')).toBeDisabled();

    const market = within(detail).getByTestId('equity-day-2024-05-06');
    expect(within(market).getByTestId('equity-day-u')).toHaveTextContent('+0.04 U');
    expect(within(market).getByTestId('equity-day-btc')).toHaveTextContent('+0.00000076 BTC');
    expect(within(market).getByTestId('equity-day-price')).toHaveTextContent('64,850.50 U');
    expect(within(market).getByTestId('equity-day-price-source')).toHaveTextContent('当日收盘价');
    const fallback = within(detail).getByTestId('equity-day-2024-05-05');
    expect(within(fallback).getByTestId('equity-day-price')).toHaveTextContent('65,000.00 U');
    expect(within(fallback).getByTestId('equity-day-price-source')).toHaveTextContent('备用价格');
    // The demo's simulated feed is named as such, never passed off as a market close.
    const simulated = within(detail).getByTestId('equity-day-2024-05-04');
    expect(within(simulated).getByTestId('equity-day-price-source')).toHaveTextContent('模拟收盘价');
    expect(callsTo(fetchMock, ORDER).map((call) => call.url.searchParams.get('id'))).toEqual(['21']);
  });

  it('labels a fallback price in English', async () => {
    server(() => page([]));
    await changeLocale('en');
    renderApp(paths.equityOrder.href({ id: '21' }));
    const fallback = await screen.findByTestId('equity-day-2024-05-05');
    expect(within(fallback).getByTestId('equity-day-price-source')).toHaveTextContent('Fallback price');
  });

  it('claims the USDT earnings with an Idempotency-Key and refreshes the order', async () => {
    let claimed = false;
    const fetchMock = equityServer({
      [`GET /app-api/${ORDER}`]: () => ok(orderDetail('21', claimed ? { availableStaticU: '0' } : {})),
      'POST /app-api/biz/user-usdt-record/receive': () => {
        claimed = true;
        return ok({ claimed: '12.345678' });
      },
    });
    renderApp(paths.equityOrder.href({ id: '21' }));
    await userEvent.click(await screen.findByTestId('claim-USDT'));
    expect(await screen.findByText('已领取 12.34 USDT')).toBeInTheDocument();
    const [claim] = callsTo(fetchMock, 'biz/user-usdt-record/receive');
    expect(headersOf(claim!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    await waitFor(() => expect(screen.getByTestId('equity-detail-available-USDT')).toHaveTextContent(/^0\.00$/));
    expect(screen.getByTestId('claim-USDT')).toBeDisabled();
  });

  it('says when an order has no earnings yet', async () => {
    server(() => page([]), orderDetail('21', { days: [], totalStaticU: '0', totalStaticBtc: '0' }));
    renderApp(paths.equityOrder.href({ id: '21' }));
    expect(await screen.findByTestId('equity-detail-days-empty')).toHaveTextContent('暂无收益记录');
    expect(screen.getByTestId('equity-detail-total-u')).toHaveTextContent(/^0\.00$/);
  });

  it('shows an unknown order as an error, with the way back to the list', async () => {
    server(() => page([order('21')]));
    const { router } = renderApp(paths.equityOrder.href({ id: '999' }));
    expect(await screen.findByTestId('equity-detail-error')).toHaveTextContent('订单加载失败');
    // The page says it; no toast repeats it.
    expect(screen.queryByText('内容不存在')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('equity-detail-back'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active'));
    expect(await screen.findByTestId('equity-order-21')).toBeInTheDocument();
  });
});
