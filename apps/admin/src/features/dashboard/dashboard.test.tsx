import type { Dashboard } from '@minecloud/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const NO_CREDITS = { demoCredits: '0', adjustments: '0', earnings: '0' };

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
  days: 2,
  series: [
    { day: '2026-04-01', newMembers: 3, purchases: '100', deposits: '50', withdrawals: '0' },
    { day: '2026-04-02', newMembers: 5, purchases: '250.5', deposits: '0', withdrawals: '20' },
  ],
};

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
    expect(within(btc).getByText('Short 0.00000001 BTC')).toHaveAttribute('data-coverage', 'short');
    expect(screen.queryByTestId('demo-credits')).toBeNull();

    expect(screen.getByRole('img', { name: 'Purchases (USDT)' })).toBeInTheDocument();
    expect(screen.getByText('2026-04-02: 250.5')).toBeInTheDocument();
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
          { ...NO_CREDITS, asset: 'BTC', members: '0.5', deposited: '0', withdrawn: '0', earnings: '0.5' },
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
    expect(within(btc).getByText('Gap 0.5 BTC: adjustments 0 BTC, platform payouts 0.5 BTC')).toHaveAttribute(
      'data-coverage',
      'explained',
    );
    expect(container.querySelector('[data-coverage="short"]')).toBeNull();
    expect(container.querySelector('.ant-tag-red')).toBeNull();
    expect(screen.getByTestId('demo-credits')).toHaveTextContent(/^Demo credits are the welcome and seed balances/);
  });
});
