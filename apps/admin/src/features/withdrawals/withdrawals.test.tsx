import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '../../test/fetch.ts';
import { fill, renderWithApp } from '../../test/render.tsx';
import type { AdminWithdrawal } from './withdrawals-page.tsx';
import { WithdrawalsPage } from './withdrawals-page.tsx';

function withdrawal(over: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: '501',
    asset: 'USDT',
    amount: '2500',
    fee: '1',
    received: '2499',
    address: '0xabcdefabcdefabcdefabcdefabcdefabcdef1234',
    status: 'processing',
    reason: null,
    txHash: null,
    confirmations: null,
    requiredConfirmations: 12,
    createdAt: '2026-04-01T10:00:00.000Z',
    timeline: [],
    userId: '42',
    memberAddress: '0x1111222233334444555566667777888899990000',
    reviewStatus: 'review',
    firstApprover: null,
    secondApprover: null,
    needsSecondApproval: true,
    payoutAttempts: 0,
    ...over,
  };
}

describe('withdrawals', () => {
  it('lists the review queue by default and filters by ?status', async () => {
    const requests = mockApi({ 'GET withdrawals/page': () => ({ list: [withdrawal()], total: 1 }) });
    const { unmount, user } = renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' }, route: '/withdrawals' });
    expect(await screen.findByText('Needs 2nd')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '42' })).toHaveAttribute('href', '/members/42');
    expect(calls(requests, 'GET withdrawals/page')[0]?.url.searchParams.get('status')).toBe('review');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('This withdrawal needs a second approval by another operator before it is paid.'),
    ).toBeInTheDocument();
    unmount();

    renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' }, route: '/withdrawals?status=arrived' });
    await waitFor(() => expect(calls(requests, 'GET withdrawals/page')).toHaveLength(2));
    expect(calls(requests, 'GET withdrawals/page')[1]?.url.searchParams.get('status')).toBe('arrived');
  });

  it('approves after showing amount and address, and shows the refusal of a second approval', async () => {
    let approvals = 0;
    const requests = mockApi({
      'GET withdrawals/page': () => ({
        list: [withdrawal({ reviewStatus: 'secondReview', firstApprover: 'fiona' })],
        total: 1,
      }),
      'POST withdrawals/approve': () => {
        approvals += 1;
        if (approvals === 1)
          throw { code: 1086, msg: 'A different operator must give the second approval', status: 409 };
        return { id: '501', status: 'approved' };
      },
    });
    const { user } = renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' } });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('2500 USDT')).toBeInTheDocument();
    expect(dialog.getByText('0xabcdefabcdefabcdefabcdefabcdefabcdef1234')).toBeInTheDocument();
    expect(dialog.getByText('This is the second approval. First approved by fiona.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('A different operator must give the second approval')).toBeInTheDocument();
    await user.click(await dialog.findByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Withdrawal 501 approved')).toBeInTheDocument();
    expect(calls(requests, 'POST withdrawals/approve').map((r) => r.body)).toEqual([{ id: '501' }, { id: '501' }]);
  });

  it('rejects only with a reason', async () => {
    const requests = mockApi({
      'GET withdrawals/page': () => ({ list: [withdrawal({ needsSecondApproval: false })], total: 1 }),
      'POST withdrawals/reject': () => ({ id: '501', status: 'rejected' }),
    });
    const { user } = renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' } });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Enter the reason')).toBeInTheDocument();
    expect(calls(requests, 'POST withdrawals/reject')).toHaveLength(0);

    await fill(user, dialog.getByLabelText('Reason'), 'Address on a sanctions list');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Withdrawal 501 rejected')).toBeInTheDocument();
    expect(calls(requests, 'POST withdrawals/reject')[0]?.body).toEqual({
      id: '501',
      reason: 'Address on a sanctions list',
    });
  });
});
