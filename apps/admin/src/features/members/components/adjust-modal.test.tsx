import type { AdjustmentLimits, MemberDetail } from '@minecloud/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp } from '@/test/render';
import { AdjustModal, checkCredit } from './adjust-modal';

const LIMITS: AdjustmentLimits = {
  list: [
    { asset: 'USDT', approvalAbove: '1000', dailyCap: '50000', creditedToday: '49000', mineToday: '400' },
    { asset: 'BTC', approvalAbove: '0.02', dailyCap: '1', creditedToday: '0', mineToday: '0' },
    { asset: 'GOLD', approvalAbove: '100000', dailyCap: '5000000', creditedToday: '0', mineToday: '0' },
  ],
};

const MEMBER: MemberDetail = {
  id: '42',
  address: '0x1111222233334444555566667777888899990000',
  email: null,
  identity: 'regular',
  level: 1,
  inviterId: null,
  createdAt: '2026-04-01T08:00:00.000Z',
  balances: { GOLD: '0', USDT: '10', BTC: '0' },
  withdrawAddress: null,
  department: null,
  accounts: [{ asset: 'USDT', available: '10', locked: '0', earnings: '0' }],
  hashRate: '0',
  directMembers: 0,
};

describe('the adjust dialog and the second operator', () => {
  it('knows when a credit waits for a second operator or passes the daily cap', () => {
    const usdt = LIMITS.list[0];
    expect(checkCredit(600_000_000n, 'USDT', usdt)).toEqual({ needsSecond: false, overCap: false });
    expect(checkCredit(600_000_001n, 'USDT', usdt)).toEqual({ needsSecond: true, overCap: false });
    expect(checkCredit(1_000_000_001n, 'USDT', usdt)).toEqual({ needsSecond: true, overCap: true });
    expect(checkCredit(-5_000_000_000n, 'USDT', usdt)).toEqual({ needsSecond: false, overCap: false });
    expect(checkCredit(5n, 'USDT', undefined)).toEqual({ needsSecond: false, overCap: false });
  });

  it('says before sending that the amount needs a second operator, and that it was sent for approval', async () => {
    const requests = mockApi({
      'GET ledger/adjustments/limits': () => LIMITS,
      'POST ledger/adjust': () => ({ status: 'pending', requestId: '77', transferId: null }),
    });
    const { user } = renderWithApp(<AdjustModal member={MEMBER} open onClose={() => {}} />, {
      me: { role: 'finance' },
    });
    const dialog = within(await screen.findByRole('dialog'));
    await fill(user, dialog.getByLabelText('Amount'), '5000');
    await fill(user, dialog.getByLabelText('Reason'), 'outage compensation');
    await user.click(dialog.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(dialog.getByTestId('needs-second')).toHaveTextContent(
        'Above the 1,000 USDT you may credit alone today (400 USDT so far)',
      ),
    );
    expect(dialog.getByTestId('over-cap')).toHaveTextContent('the daily cap of 50,000 USDT (49,000 USDT so far)');
    await user.click(dialog.getByRole('button', { name: 'Send for approval' }));
    expect(
      await screen.findByText('Adjustment 77 sent for approval: another operator must approve it'),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST ledger/adjust')[0]?.body).toMatchObject({ amount: '5000', asset: 'USDT' });
  });
});
