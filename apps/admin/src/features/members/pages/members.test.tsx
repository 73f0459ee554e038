import type { MemberDetail, MemberRow } from '@minecloud/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp } from '@/test/render';
import { checkAdjustAmount } from '../components/adjust-modal';
import { MemberPage } from './member-page';
import { MembersPage } from './members-page';

const ROW: MemberRow = {
  id: '42',
  address: '0x1111222233334444555566667777888899990000',
  email: 'ann@example.com',
  identity: 'silver',
  level: 2,
  inviterId: '7',
  createdAt: '2026-04-01T08:00:00.000Z',
  balances: { GOLD: '10', USDT: '125.5', BTC: '0.001' },
};

const DETAIL: MemberDetail = {
  ...ROW,
  withdrawAddress: '0x9999888877776666555544443333222211110000',
  department: 1,
  accounts: [
    { asset: 'USDT', available: '125.5', locked: '20', earnings: '1.25' },
    { asset: 'BTC', available: '0.001', locked: '0', earnings: '0' },
    { asset: 'GOLD', available: '1234567.5', locked: '0', earnings: '0' },
  ],
  hashRate: '12.5',
  directMembers: 3,
};

const EMPTY = { list: [], total: 0 };

describe('members', () => {
  it('searches by q and links each row to its member and inviter', async () => {
    const requests = mockApi({ 'GET members/page': () => ({ list: [ROW], total: 1 }) });
    const { user } = renderWithApp(<MembersPage />, { me: { role: 'support' }, route: '/members' });
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('0x111122…990000')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Member ID, address or email'), ' ann@example ');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(calls(requests, 'GET members/page')).toHaveLength(2));
    const search = calls(requests, 'GET members/page')[1]!;
    expect(search.url.searchParams.get('q')).toBe('ann@example');
    expect(search.url.searchParams.get('pageNo')).toBe('1');

    expect(screen.getByRole('link', { name: '42' })).toHaveAttribute('href', '/members/42');
    expect(screen.getByRole('link', { name: '7' })).toHaveAttribute('href', '/members/7');
  });

  it('shows a member with balances and tabs; the team links to its members', async () => {
    mockApi({
      'GET members/42': () => DETAIL,
      'GET members/42/ledger': () => ({
        list: [
          {
            id: '900',
            createdAt: '2026-04-02T00:00:00.000Z',
            asset: 'USDT',
            kind: 'adjustment',
            amount: '-5',
            account: 'available',
            counterparty: 'adjustment',
            reference: null,
          },
        ],
        total: 1,
      }),
      'GET members/42/team': () => ({
        list: [{ id: '43', address: '0xabc', department: 1, identity: 'regular', createdAt: '2026-04-03T00:00:00Z' }],
        total: 1,
      }),
    });
    const { user } = renderWithApp(<MemberPage />, {
      me: { role: 'support' },
      route: '/members/42',
      path: '/members/:id',
    });
    expect(await screen.findByText('12.5 TH/s')).toBeInTheDocument();
    // Figures with separators and their unit; enums as words, never `silver` or `adjustment` raw.
    expect(screen.getByRole('row', { name: /USDT 125.5 USDT 20 USDT 1.25 USDT/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /GOLD 1,234,567.5 GOLD 0 GOLD/ })).toBeInTheDocument();
    expect(screen.getByText(/Silver node/)).toBeInTheDocument();
    const ledger = await screen.findByRole('row', { name: /Operator adjustment/ });
    expect(within(ledger).getByText('-5 USDT')).toBeInTheDocument();
    expect(within(ledger).getByText('Available')).toBeInTheDocument();
    expect(within(ledger).getByText('Adjustments')).toBeInTheDocument();
    expect(screen.queryByText('adjustment')).not.toBeInTheDocument();
    // Support reads but does not adjust.
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Team' }));
    expect(await screen.findByRole('link', { name: '43' })).toHaveAttribute('href', '/members/43');
    expect(screen.getByText('Regular node')).toBeInTheDocument();
  });

  it('checks the adjustment amount against the asset', () => {
    expect(checkAdjustAmount('', 'USDT')).toBe('amountRequired');
    expect(checkAdjustAmount('1,5', 'USDT')).toBe('amountInvalid');
    expect(checkAdjustAmount('01', 'USDT')).toBe('amountInvalid');
    expect(checkAdjustAmount('0.001', 'GOLD')).toBe('amountDecimals');
    expect(checkAdjustAmount('-0.00000001', 'BTC')).toBeNull();
    expect(checkAdjustAmount('-0', 'USDT')).toBe('amountZero');
    expect(checkAdjustAmount('12.123456', 'USDT')).toBeNull();
  });

  it('adjusts a balance after confirming before → after, with one Idempotency-Key for retries', async () => {
    let attempt = 0;
    const requests = mockApi({
      'GET members/42': () => DETAIL,
      'GET members/42/ledger': () => EMPTY,
      'POST ledger/adjust': () => {
        attempt += 1;
        if (attempt === 1) throw { code: 503, msg: 'Try again shortly', status: 503 };
        return { transferId: '77' };
      },
    });
    const { user } = renderWithApp(<MemberPage />, {
      me: { role: 'finance' },
      route: '/members/42',
      path: '/members/:id',
    });
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }));
    const dialog = within(await screen.findByRole('dialog'));

    await fill(user, dialog.getByLabelText('Amount'), '-1.1234567');
    await fill(user, dialog.getByLabelText('Reason'), 'ab');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    expect(await dialog.findByText('At most 6 decimals for USDT')).toBeInTheDocument();
    expect(await dialog.findByText('At least 3 characters')).toBeInTheDocument();

    await fill(user, dialog.getByLabelText('Amount'), '-25.5');
    await fill(user, dialog.getByLabelText('Reason'), 'abc refund');
    await user.click(dialog.getByRole('button', { name: 'Next' }));

    expect(await dialog.findByText('Confirm the adjustment')).toBeInTheDocument();
    expect(dialog.getByText('125.5 USDT')).toBeInTheDocument();
    expect(dialog.getByText('100 USDT')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Adjust' }));
    expect(await dialog.findByText('Try again shortly')).toBeInTheDocument();
    await user.click(await dialog.findByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Balance adjusted')).toBeInTheDocument();

    const posts = calls(requests, 'POST ledger/adjust');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual({ userId: '42', asset: 'USDT', amount: '-25.5', reason: 'abc refund' });
    const key = posts[0]?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(posts[1]?.headers.get('Idempotency-Key')).toBe(key);
    // Balances and ledger load again.
    await waitFor(() => expect(calls(requests, 'GET members/42').length).toBeGreaterThan(1));
  });
});
