import type { ReviewContext } from '@minecloud/contract/wallet';
import {
  PAYOUTS_PAUSED_TEXT,
  WITHDRAWAL_STATE_TEXTS,
  WITHDRAWAL_STATES,
  type WithdrawalState,
} from '@minecloud/contract/withdrawal-states';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp, switchLanguage } from '@/test/render';
import type { AdminWithdrawal } from '../api/get-withdrawals';
import { WithdrawalsPage } from './withdrawals-page';

function withdrawal(over: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id: '501',
    asset: 'USDT',
    amount: '2500',
    fee: '1',
    received: '2499',
    address: '0xabcdefabcdefabcdefabcdefabcdefabcdef1234',
    status: 'processing',
    state: 'review',
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
    context: quietContext(),
    ...over,
  };
}

/** A member with nothing to flag: an old account, its own address used before. */
function quietContext(over: Partial<ReviewContext> = {}): ReviewContext {
  return {
    memberSince: '2025-01-01T00:00:00.000Z',
    balances: [
      { asset: 'GOLD', available: '0', locked: '0' },
      { asset: 'USDT', available: '100', locked: '2600' },
      { asset: 'BTC', available: '0', locked: '0' },
    ],
    deposited: '3000',
    withdrawn: '0',
    pending: '2600',
    adjustments: [],
    rejections: 0,
    addressUses: 1,
    addressMembers: 0,
    ...over,
  };
}

/** The page's answer: the rows, and whether this server pays approved withdrawals. */
const page = (list: AdminWithdrawal[], payoutsRunning = true) => ({ list, total: list.length, payoutsRunning });

/** One row per state, with the review status it comes from (an approved one is paused without payouts). */
const BY_STATE: Record<WithdrawalState, Partial<AdminWithdrawal>> = {
  review: { reviewStatus: 'review' },
  secondReview: { reviewStatus: 'secondReview' },
  approved: { reviewStatus: 'approved' },
  paused: { reviewStatus: 'approved' },
  paying: { reviewStatus: 'payoutFailed', status: 'processing', payoutAttempts: 1 },
  arrived: { reviewStatus: 'arrived', status: 'arrived' },
  rejected: { reviewStatus: 'rejected', status: 'failed' },
};
const everyState = () =>
  WITHDRAWAL_STATES.map((state, i) => withdrawal({ id: String(600 + i), state, ...BY_STATE[state] }));

/** The texts of the status column, row by row. */
async function statusCells(container: HTMLElement): Promise<string[]> {
  const table = container.querySelector('table') as HTMLElement;
  await waitFor(() => expect(table.querySelectorAll('tbody .ant-tag').length).toBeGreaterThan(0));
  const header = [...table.querySelectorAll('thead th')].findIndex(
    (th) => th.textContent === 'Status' || th.textContent === '状态',
  );
  return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
    [...(tr.children[header] as HTMLElement).querySelectorAll('.ant-tag')].map((tag) => tag.textContent).join(' + '),
  );
}

describe('withdrawals', () => {
  it('lists the review queue by default and filters by ?status', async () => {
    const requests = mockApi({ 'GET withdrawals/page': () => page([withdrawal()]) });
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
      'GET withdrawals/page': () =>
        page([withdrawal({ reviewStatus: 'secondReview', state: 'secondReview', firstApprover: 'fiona' })]),
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
    expect(dialog.getByText('2,500 USDT')).toBeInTheDocument();
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
      'GET withdrawals/page': () => page([withdrawal({ needsSecondApproval: false })]),
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

  it('names each state as members see it, from the row’s state, in the console’s language', async () => {
    mockApi({ 'GET withdrawals/page': () => page(everyState(), false) });
    const { container } = renderWithApp(<WithdrawalsPage />, {
      me: { role: 'finance' },
      route: '/withdrawals?status=all',
    });
    // A payout that failed on chain is still paying for the member; the console also says it failed.
    const english = WITHDRAWAL_STATES.map((state) => WITHDRAWAL_STATE_TEXTS[state].en);
    english[WITHDRAWAL_STATES.indexOf('paying')] += ' + Payout failed, retrying';
    expect(await statusCells(container)).toEqual(english);
    expect(english).toContain('Approved, payouts paused');

    await switchLanguage('zh-CN');
    const chinese = WITHDRAWAL_STATES.map((state) => WITHDRAWAL_STATE_TEXTS[state]['zh-CN']);
    chinese[WITHDRAWAL_STATES.indexOf('paying')] += ' + 出款失败，重试中';
    await waitFor(async () => expect(await statusCells(container)).toEqual(chinese));
  });

  it('filters by review status under the same names', async () => {
    const requests = mockApi({ 'GET withdrawals/page': () => page([withdrawal()], false) });
    const { user } = renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' }, route: '/withdrawals' });
    await screen.findByText('Needs 2nd');
    await user.click(screen.getByLabelText('Status'));
    const options = () =>
      [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent);
    await waitFor(() =>
      expect(options()).toEqual([
        'In review',
        'In second review',
        'Approved, payouts paused',
        'Paying out',
        'Payout failed, retrying',
        'Payout unclear, check on chain',
        'Arrived',
        'Audit failed',
        'All statuses',
      ]),
    );
    await user.click(screen.getByText('Payout failed, retrying', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(calls(requests, 'GET withdrawals/page').at(-1)?.url.searchParams.get('status')).toBe('payoutFailed'),
    );
  });

  it('warns in the approve dialog that nothing is paid while payouts are paused', async () => {
    let payoutsRunning = false;
    mockApi({ 'GET withdrawals/page': () => page([withdrawal({ needsSecondApproval: false })], payoutsRunning) });
    const first = renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' } });
    await first.user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('payouts-paused')).toHaveTextContent(PAYOUTS_PAUSED_TEXT.en);
    expect(dialog.getByTestId('payouts-paused')).toHaveClass('ant-alert-warning');
    expect(
      dialog.getByText('Once approved, it waits, frozen, until payouts are configured: nothing is sent on chain.'),
    ).toBeInTheDocument();
    expect(dialog.queryByText('Once approved, the payout worker sends it on chain.')).toBeNull();

    await switchLanguage('zh-CN');
    expect(await dialog.findByText(PAYOUTS_PAUSED_TEXT['zh-CN'])).toBeInTheDocument();
    first.unmount();
    await switchLanguage('en');

    payoutsRunning = true;
    const second = renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' } });
    await second.user.click(await screen.findByRole('button', { name: 'Approve' }));
    const running = within(await screen.findByRole('dialog'));
    expect(running.getByText('Once approved, the payout worker sends it on chain.')).toBeInTheDocument();
    expect(running.queryByTestId('payouts-paused')).toBeNull();
  });
  it('shows each row’s review context, with the risks flagged, in words and figures with units', async () => {
    const joined = new Date(Date.now() - 40 * 86_400_000 - 60_000).toISOString();
    const risky = withdrawal({
      amount: '12500',
      context: quietContext({
        memberSince: joined,
        balances: [
          { asset: 'GOLD', available: '5000', locked: '0' },
          { asset: 'USDT', available: '1234567.5', locked: '12500' },
          { asset: 'BTC', available: '0', locked: '0' },
        ],
        deposited: '12345.678',
        withdrawn: '2000',
        pending: '14500',
        adjustments: [{ asset: 'USDT', count: 3, sum: '9999999' }],
        rejections: 1,
        addressUses: 0,
        addressMembers: 2,
      }),
    });
    mockApi({ 'GET withdrawals/page': () => page([risky, withdrawal({ id: '502' })]) });
    renderWithApp(<WithdrawalsPage />, { me: { role: 'finance' }, route: '/withdrawals' });
    const row = await screen.findByRole('row', { name: /^501/ });
    const flags = within(row).getByTestId('risk-flags');
    expect(within(flags).getByText('Address used by other members: 2')).toHaveClass('ant-tag-red');
    expect(within(flags).getByText('Adjustments received: 3')).toHaveClass('ant-tag-orange');
    expect(within(flags).getByText('Rejected before: 1')).toHaveClass('ant-tag-orange');
    expect(within(flags).getByText('New address')).toBeInTheDocument();
    // The amount and the frozen balance: 12,500 USDT both.
    expect(within(row).getAllByText('12,500 USDT')).toHaveLength(2);
    expect(within(row).getByTestId('member-balances')).toHaveTextContent(
      'Available 5,000 GOLDAvailable 1,234,567.5 USDT · frozen 12,500 USDT',
    );
    expect(within(row).getByTestId('member-history')).toHaveTextContent(
      'Member for 40 daysDeposited 12,345.678 USDTWithdrawn 2,000 USDTPending 14,500 USDT',
    );
    expect(within(row).getByText('9,999,999 USDT')).toBeInTheDocument();

    // A quiet row flags nothing but its known address.
    const quiet = screen.getByRole('row', { name: /^502/ });
    expect(within(quiet).getByTestId('risk-flags')).toHaveTextContent(/^Address used before: 1$/);
    expect(within(quiet).queryByText(/\bUSDT\b.*,/)).toBeNull();

    await switchLanguage('zh-CN');
    expect(await within(row).findByText('其他会员使用过此地址：2 人')).toBeInTheDocument();
    expect(within(row).getByText('曾被拒绝：1 次')).toBeInTheDocument();
    expect(within(row).getByTestId('member-history')).toHaveTextContent('注册 40 天');
  });
});
