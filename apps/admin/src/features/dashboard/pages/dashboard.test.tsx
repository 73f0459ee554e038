import type { Dashboard } from '@minecloud/contract/console';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chartsIn, standIn } from '@/test/chart-stand-in';
import { calls, mockApi } from '@/test/fetch';
import { renderWithApp, switchLanguage } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const NO_SOURCES = {
  topups: '0',
  donations: '0',
  forging: '0',
  purchases: '0',
  fees: '0',
  payouts: '0',
  adjustments: '0',
};
const NO_CREDITS = { demoCredits: '0', sources: NO_SOURCES };

const DATA: Dashboard = {
  members: 1234,
  newToday: 17,
  purchasesToday: { count: 5, usdt: '1500.25' },
  depositsToday: [{ asset: 'USDT', count: 3, amount: '4200.5' }],
  withdrawalsPending: 4,
  liabilities: [
    { ...NO_CREDITS, asset: 'USDT', members: '900', deposited: '1000.5', withdrawn: '50' },
    { ...NO_CREDITS, asset: 'BTC', members: '2.00000001', deposited: '2', withdrawn: '0' },
  ],
  ledger: { ok: true, mismatches: 0 },
  days: 7,
  series: [
    { day: '2026-03-27', newMembers: 0, purchases: '0', deposits: '0', withdrawals: '0' },
    { day: '2026-03-28', newMembers: 0, purchases: '0', deposits: '0', withdrawals: '0' },
    { day: '2026-03-29', newMembers: 1, purchases: '0', deposits: '12345678.123456', withdrawals: '0' },
    { day: '2026-03-30', newMembers: 0, purchases: '0', deposits: '0', withdrawals: '0' },
    { day: '2026-03-31', newMembers: 0, purchases: '0.000001', deposits: '0', withdrawals: '0' },
    { day: '2026-04-01', newMembers: 3, purchases: '100', deposits: '50', withdrawals: '0' },
    { day: '2026-04-02', newMembers: 5, purchases: '250.5', deposits: '0', withdrawals: '20' },
  ],
};

/** The dashboard's answer with `days` days of history, each day's new members its index. */
function withDays(days: number): Dashboard {
  const start = Date.parse('2026-04-02T00:00:00Z') - (days - 1) * 86_400_000;
  const series = Array.from({ length: days }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    newMembers: i,
    purchases: '0',
    deposits: String(i),
    withdrawals: '0',
  }));
  return { ...DATA, days, series };
}

describe('dashboard', () => {
  it('shows the day, the liabilities with the shortfall flagged, the ledger and the charts', async () => {
    mockApi({ 'GET dashboard': () => DATA });
    renderWithApp(<DashboardPage />, { me: { role: 'finance' } });

    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('17')).toBeInTheDocument();
    expect(screen.getByText('5 orders')).toBeInTheDocument();
    expect(screen.getByText('3 × 4,200.5 USDT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/withdrawals?status=review');
    expect(screen.getByText('Ledger balanced')).toBeInTheDocument();

    const usdt = screen.getByRole('row', { name: /^USDT/ });
    expect(within(usdt).getByText('Covered (surplus 50.5 USDT)')).toHaveAttribute('data-coverage', 'covered');
    const btc = screen.getByRole('row', { name: /^BTC/ });
    expect(within(btc).getByText('Short 0.00000001 BTC, unexplained')).toHaveAttribute('data-coverage', 'short');
    expect(screen.queryByTestId('demo-credits')).toBeNull();

    const money = screen.getByRole('figure', { name: 'USDT per day, last 7 days' });
    expect(within(money).getByRole('row', { name: '2026-04-02 250.5 0 20' })).toBeInTheDocument();
  });

  it('shows ledger mismatches in red and hides the review link from other roles', async () => {
    mockApi({ 'GET dashboard': () => ({ ...DATA, ledger: { ok: false, mismatches: 3 } }) });
    renderWithApp(<DashboardPage />, { me: { role: 'content' } });
    expect(await screen.findByText('Ledger mismatches: 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('says when loading failed and loads again on retry', async () => {
    let attempt = 0;
    mockApi({
      'GET dashboard': () => {
        attempt += 1;
        if (attempt === 1) throw { code: 500, msg: 'Server error', status: 500 };
        return DATA;
      },
    });
    const { user } = renderWithApp(<DashboardPage />);
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1,234')).toBeInTheDocument();
  });
  it('names demo money as demo credits: a fresh demo is covered, not an alarm', async () => {
    mockApi({
      'GET dashboard': () => ({
        ...DATA,
        liabilities: [
          { ...NO_CREDITS, asset: 'GOLD', members: '20600', deposited: '0', withdrawn: '0', demoCredits: '20600' },
          { ...NO_CREDITS, asset: 'USDT', members: '4350', deposited: '0', withdrawn: '0', demoCredits: '4450' },
          {
            ...NO_CREDITS,
            asset: 'BTC',
            members: '0.5',
            deposited: '0',
            withdrawn: '0',
            sources: { ...NO_SOURCES, payouts: '0.5' },
          },
        ],
      }),
    });
    const { container } = renderWithApp(<DashboardPage />, { me: { role: 'finance' } });
    const gold = await screen.findByRole('row', { name: /^GOLD/ });
    expect(screen.getByRole('columnheader', { name: 'Demo credits' })).toBeInTheDocument();
    expect(within(gold).getAllByText('20,600 GOLD')).toHaveLength(2);
    expect(within(gold).getByText('Covered (surplus 0 GOLD)')).toHaveAttribute('data-coverage', 'covered');
    const usdt = screen.getByRole('row', { name: /^USDT/ });
    expect(within(usdt).getByText('4,450 USDT')).toBeInTheDocument();
    expect(within(usdt).getByText('Covered (surplus 100 USDT)')).toBeInTheDocument();
    // Mining output owed from the platform's own funds: a gap, explained, not a red alarm.
    const btc = screen.getByRole('row', { name: /^BTC/ });
    expect(within(btc).getByText('Gap 0.5 BTC, explained')).toHaveAttribute('data-coverage', 'explained');
    expect(
      within(within(btc).getByTestId('coverage-sources'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Platform payouts +0.5 BTC']);
    expect(container.querySelector('[data-coverage="short"]')).toBeNull();
    expect(container.querySelector('.ant-tag-red')).toBeNull();
    expect(screen.getByTestId('demo-credits')).toHaveTextContent(/^Demo credits are the welcome and seed balances/);
  });

  it('names each source of a gap by what it is, and raises no amber for one the ledger explains', async () => {
    const gold = (sources: Partial<typeof NO_SOURCES>, members: string) => ({
      ...NO_CREDITS,
      asset: 'GOLD' as const,
      members,
      deposited: '0',
      withdrawn: '0',
      demoCredits: '20600',
      sources: { ...NO_SOURCES, ...sources },
    });
    // Only top-ups, donations and forging: 1,000 − 50 − 20 = 930 gold beyond the demo credits.
    mockApi({
      'GET dashboard': () => ({
        ...DATA,
        liabilities: [gold({ topups: '1000', donations: '-50', forging: '-20' }, '21530')],
      }),
    });
    const first = renderWithApp(<DashboardPage />, { me: { role: 'finance' } });
    const row = await screen.findByRole('row', { name: /^GOLD/ });
    expect(within(row).getByText('Gap 930 GOLD, explained')).toHaveAttribute('data-coverage', 'explained');
    expect(
      within(within(row).getByTestId('coverage-sources'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Top-ups +1,000 GOLD', 'Donations −50 GOLD', 'Forging −20 GOLD']);
    expect(row.textContent).not.toMatch(/payouts/i);
    expect(first.container.querySelector('.ant-tag-gold, .ant-tag-orange, .ant-tag-red')).toBeNull();
    first.unmount();

    // 5 gold more than every source explains: short by those 5, in red, the sources still named.
    mockApi({
      'GET dashboard': () => ({
        ...DATA,
        liabilities: [gold({ topups: '1000', donations: '-50', forging: '-20' }, '21535')],
      }),
    });
    const { container } = renderWithApp(<DashboardPage />, { me: { role: 'finance' } });
    const short = await screen.findByRole('row', { name: /^GOLD/ });
    expect(within(short).getByText('Short 5 GOLD, unexplained')).toHaveAttribute('data-coverage', 'short');
    expect(within(short).getByTestId('coverage-sources')).toHaveTextContent('Top-ups +1,000 GOLD');
    expect(container.querySelector('.ant-tag-gold')).toBeNull();
  });

  it('draws every day, empty ones as zeros, and keeps the exact figures for the tooltip and the table', async () => {
    mockApi({ 'GET dashboard': () => DATA });
    const { container } = renderWithApp(<DashboardPage />);
    const money = await screen.findByRole('figure', { name: 'USDT per day, last 7 days' });
    await waitFor(() => expect(chartsIn(container)).toHaveLength(2));
    const [moneyChart, membersChart] = chartsIn(container);
    // Lines for the three USDT series, one bar per day for new members: 7 days each, zeros kept.
    expect(moneyChart!.series.map((s) => s.type)).toEqual(['Line', 'Line', 'Line']);
    expect(membersChart!.series.map((s) => s.type)).toEqual(['Histogram']);
    expect(membersChart!.series[0]!.data.map((d) => d.value)).toEqual([0, 0, 1, 0, 0, 3, 5]);
    const times = moneyChart!.series[1]!.data.map((d) => d.time);
    expect(times).toHaveLength(7);
    expect(times.slice(1).map((time, i) => time - times[i]!)).toEqual(Array(6).fill(86_400));
    expect(new Date(times[0]! * 1000).toISOString()).toBe('2026-03-27T00:00:00.000Z');
    expect(moneyChart!.series[0]!.data.map((d) => d.value)).toEqual([0, 0, 0, 0, 0.000001, 100, 250.5]);

    // The legend names the series sharing the chart; the hidden table has every day, exactly.
    expect(within(money).getByRole('list')).toHaveTextContent('Miner purchasesDepositsWithdrawals');
    const rows = within(money).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows[1]).toHaveAccessibleName('2026-03-27 0 0 0');
    expect(within(money).getByRole('row', { name: '2026-03-29 0 12,345,678.123456 0' })).toBeInTheDocument();
    expect(within(money).getByRole('row', { name: '2026-03-31 0.000001 0 0' })).toBeInTheDocument();

    // Hovering a day shows it with each series' exact value and unit.
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => moneyChart!.crosshair[0]!({ logical: 2, point: { x: 40, y: 30 } }));
    const tooltip = await within(money).findByRole('tooltip');
    expect(tooltip).toHaveTextContent('2026-03-29');
    expect(tooltip).toHaveTextContent('Deposits:12,345,678.123456 USDT');
    expect(tooltip).toHaveTextContent('Miner purchases:0 USDT');
    act(() => membersChart!.crosshair[0]!({ logical: 6, point: { x: 40, y: 30 } }));
    const members = screen.getByRole('figure', { name: 'New members per day, last 7 days' });
    expect(within(members).getByRole('tooltip')).toHaveTextContent('2026-04-02New members:5 members');
    act(() => moneyChart!.crosshair[0]!({}));
    expect(within(money).queryByRole('tooltip')).toBeNull();
  });

  it('asks for 30 days at first, and again with the range chosen', async () => {
    const requests = mockApi({
      'GET dashboard': (request) => withDays(Number(request.url.searchParams.get('days'))),
    });
    const { user, container } = renderWithApp(<DashboardPage />);
    expect(await screen.findByRole('figure', { name: 'USDT per day, last 30 days' })).toBeInTheDocument();
    expect(calls(requests, 'GET dashboard').map((r) => r.url.searchParams.get('days'))).toEqual(['30']);
    expect(screen.getByText('Last 30 days')).toBeInTheDocument();

    await user.click(screen.getByText('90 days'));
    const money = await screen.findByRole('figure', { name: 'USDT per day, last 90 days' });
    expect(calls(requests, 'GET dashboard').map((r) => r.url.searchParams.get('days'))).toEqual(['30', '90']);
    expect(within(money).getAllByRole('row')).toHaveLength(91);
    await waitFor(() => expect(chartsIn(container)[0]?.series[1]?.data).toHaveLength(90));

    await user.click(screen.getByText('7 days'));
    expect(await screen.findByRole('figure', { name: 'New members per day, last 7 days' })).toBeInTheDocument();
    expect(calls(requests, 'GET dashboard').map((r) => r.url.searchParams.get('days'))).toEqual(['30', '90', '7']);
    await waitFor(() =>
      expect(chartsIn(container)[1]?.series[0]?.data.map((d) => d.value)).toEqual([0, 1, 2, 3, 4, 5, 6]),
    );
  });

  it('takes the range from the address', async () => {
    const requests = mockApi({ 'GET dashboard': (request) => withDays(Number(request.url.searchParams.get('days'))) });
    renderWithApp(<DashboardPage />, { route: '/?days=7' });
    expect(await screen.findByRole('figure', { name: 'USDT per day, last 7 days' })).toBeInTheDocument();
    expect(calls(requests, 'GET dashboard').map((r) => r.url.searchParams.get('days'))).toEqual(['7']);
  });

  it('shows a loading state, then says when a range had nothing', async () => {
    const empty = withDays(7);
    empty.series = empty.series.map((d) => ({ ...d, newMembers: 0, deposits: '0' }));
    let answer: (value: Dashboard) => void = () => {};
    mockApi({ 'GET dashboard': () => new Promise<Dashboard>((resolve) => (answer = resolve)) });
    const { container } = renderWithApp(<DashboardPage />);
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).not.toBeNull());
    answer(empty);
    const money = await screen.findByRole('figure', { name: 'USDT per day, last 7 days' });
    expect(within(money).getByText('Nothing in these 7 days')).toBeInTheDocument();
    const members = screen.getByRole('figure', { name: 'New members per day, last 7 days' });
    expect(within(members).getByText('Nothing in these 7 days')).toBeInTheDocument();
    // The days are still in the table, as zeros.
    expect(within(members).getAllByRole('row')).toHaveLength(8);
    expect(chartsIn(container)).toHaveLength(0);
  });

  it('says when a chart could not be drawn, and draws it on retry', async () => {
    mockApi({ 'GET dashboard': () => DATA });
    standIn.failNext = true;
    const { user, container } = renderWithApp(<DashboardPage />);
    const money = await screen.findByRole('figure', { name: 'USDT per day, last 7 days' });
    expect(await within(money).findByText('The chart could not be loaded')).toBeInTheDocument();
    await user.click(within(money).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(chartsIn(container)).toHaveLength(2));
    expect(within(money).queryByText('The chart could not be loaded')).toBeNull();
  });

  it('names the charts, the legend and the range in Chinese', async () => {
    mockApi({ 'GET dashboard': () => DATA });
    renderWithApp(<DashboardPage />);
    await screen.findByRole('figure', { name: 'USDT per day, last 7 days' });
    await switchLanguage('zh-CN');
    const money = await screen.findByRole('figure', { name: '近 7 天每日 USDT' });
    expect(within(money).getByRole('list')).toHaveTextContent('矿机购买充值提现');
    expect(screen.getByRole('figure', { name: '近 7 天每日新增会员' })).toBeInTheDocument();
    expect(screen.getByText('90 天')).toBeInTheDocument();
    expect(screen.getByText('近 7 天')).toBeInTheDocument();
    expect(screen.getByText('短缺 0.00000001 BTC，无法解释')).toBeInTheDocument();
  });
});
