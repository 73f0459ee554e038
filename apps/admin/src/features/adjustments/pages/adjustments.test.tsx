import type { AdjustmentRow } from '@minecloud/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp, switchLanguage } from '@/test/render';
import { AdjustmentsPage } from './adjustments-page';

function request(over: Partial<AdjustmentRow> = {}): AdjustmentRow {
  return {
    id: '31',
    userId: '42',
    memberAddress: '0x1111222233334444555566667777888899990000',
    asset: 'USDT',
    amount: '9999999.5',
    reason: 'Compensation for the outage',
    status: 'pending',
    requestedBy: 'fiona',
    decidedBy: null,
    decisionReason: null,
    transferId: null,
    createdAt: '2026-04-01T10:00:00.000Z',
    decidedAt: null,
    ...over,
  };
}
const page = (list: AdjustmentRow[]) => ({ list, total: list.length });

describe('pending adjustments', () => {
  it('lists member, asset, amount with separators and unit, reason, requester and time; another operator approves', async () => {
    const requests = mockApi({
      'GET ledger/adjustments': () =>
        page([request(), request({ id: '32', requestedBy: 'olivia', amount: '250', reason: 'Event prize' })]),
      'POST ledger/adjustments/31/approve': () => ({ id: '31', status: 'applied', transferId: '900' }),
    });
    const { user } = renderWithApp(<AdjustmentsPage />, { me: { role: 'finance', username: 'olivia' } });
    const row = await screen.findByRole('row', { name: /Compensation for the outage/ });
    expect(within(row).getByRole('link', { name: '42' })).toHaveAttribute('href', '/members/42');
    expect(within(row).getByText('9,999,999.5 USDT')).toBeInTheDocument();
    expect(within(row).getByText('fiona')).toBeInTheDocument();
    expect(within(row).getByText('Waiting for approval')).toBeInTheDocument();
    expect(calls(requests, 'GET ledger/adjustments')[0]?.url.searchParams.get('status')).toBe('pending');

    // olivia asked for 32 herself: no Approve for her there.
    const own = screen.getByRole('row', { name: /Event prize/ });
    expect(within(own).getByRole('button', { name: 'Approve' })).toBeDisabled();

    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('9,999,999.5 USDT')).toBeInTheDocument();
    expect(dialog.getByText('The member’s available balance changes as soon as you approve.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Adjustment 31 approved: the balance has changed')).toBeInTheDocument();
    expect(calls(requests, 'POST ledger/adjustments/31/approve')).toHaveLength(1);
  });

  it('shows a refusal in place and rejects only with a reason', async () => {
    const requests = mockApi({
      'GET ledger/adjustments': () => page([request()]),
      'POST ledger/adjustments/31/approve': () => {
        throw {
          code: 1115,
          msg: 'This would exceed today’s USDT adjustment cap of 50000 (49500 already credited today)',
        };
      },
      'POST ledger/adjustments/31/reject': () => ({ id: '31', status: 'rejected', transferId: null }),
    });
    const { user } = renderWithApp(<AdjustmentsPage />, { me: { role: 'finance', username: 'gina' } });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const approve = within(await screen.findByRole('dialog'));
    await user.click(approve.getByRole('button', { name: 'Approve' }));
    expect(await approve.findByText(/exceed today’s USDT adjustment cap/)).toBeInTheDocument();
    await user.click(approve.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const title = await screen.findByText('Reject adjustment 31');
    const dialog = within(title.closest('.ant-modal') as HTMLElement);
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('Enter the reason')).toBeInTheDocument();
    await fill(user, dialog.getByLabelText('Reason'), 'Not agreed with the member');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Adjustment 31 rejected')).toBeInTheDocument();
    expect(calls(requests, 'POST ledger/adjustments/31/reject')[0]?.body).toEqual({
      reason: 'Not agreed with the member',
    });
  });

  it('filters by status and names statuses in Chinese too', async () => {
    const requests = mockApi({
      'GET ledger/adjustments': (r) =>
        page([request({ status: (r.url.searchParams.get('status') ?? 'pending') as AdjustmentRow['status'] })]),
    });
    const { container } = renderWithApp(<AdjustmentsPage />, {
      me: { role: 'finance' },
      route: '/adjustments?status=applied',
    });
    const tag = () => container.querySelector('tbody .ant-tag');
    await waitFor(() => expect(tag()).toHaveTextContent('Applied'));
    expect(calls(requests, 'GET ledger/adjustments')[0]?.url.searchParams.get('status')).toBe('applied');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await switchLanguage('zh-CN');
    await waitFor(() => expect(tag()).toHaveTextContent('已入账'));
    expect(screen.getByText('待审核调账')).toBeInTheDocument();
  });
});
