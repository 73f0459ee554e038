import type { Dashboard } from '@minecloud/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const DATA: Dashboard = {
  members: 1234,
  newToday: 17,
  purchasesToday: { count: 5, usdt: '1500.25' },
  depositsToday: [{ asset: 'USDT', count: 3, amount: '420.5' }],
  withdrawalsPending: 4,
  liabilities: [
    { asset: 'USDT', members: '900', deposited: '1000.5', withdrawn: '50' },
    { asset: 'BTC', members: '2.00000001', deposited: '2', withdrawn: '0' },
  ],
  ledger: { ok: true, mismatches: 0 },
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
    expect(screen.getByText('3 × 420.5 USDT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/withdrawals?status=review');
    expect(screen.getByText('Ledger balanced')).toBeInTheDocument();

    const usdt = screen.getByRole('row', { name: /^USDT/ });
    expect(within(usdt).getByText('50.5')).not.toHaveAttribute('data-short');
    const btc = screen.getByRole('row', { name: /^BTC/ });
    const short = within(btc).getByText('⚠ -0.00000001');
    expect(short).toHaveAttribute('title', 'Members hold more than came in on chain');

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
});
