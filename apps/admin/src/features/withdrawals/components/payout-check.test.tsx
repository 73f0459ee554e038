import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp, switchLanguage } from '@/test/render';
import type { AdminWithdrawal } from '../api/get-withdrawals';
import { WithdrawalsPage } from '../pages/withdrawals-page';

/** A payout the worker could not follow: its nonce used on chain, by what unknown (payout-check-modal.tsx). */
const PAYOUT_TX = `0x${'ab'.repeat(32)}`;
const TAKER_TX = `0x${'cd'.repeat(32)}`;
const HOT = '0x9999888877776666555544443333222211110000';

const unclear: AdminWithdrawal = {
  id: '777',
  asset: 'USDT',
  amount: '1500',
  fee: '1',
  received: '1499',
  address: '0xabcdefabcdefabcdefabcdefabcdefabcdef1234',
  status: 'processing',
  state: 'paying',
  reason: null,
  txHash: PAYOUT_TX,
  confirmations: 0,
  requiredConfirmations: 12,
  createdAt: '2026-04-01T10:00:00.000Z',
  timeline: [],
  userId: '42',
  memberAddress: '0x1111222233334444555566667777888899990000',
  reviewStatus: 'payoutUnclear',
  firstApprover: 'fiona',
  secondApprover: null,
  needsSecondApproval: false,
  payoutAttempts: 1,
  payoutNonce: 41,
  payoutFrom: HOT,
  context: {
    memberSince: '2025-01-01T00:00:00.000Z',
    balances: [{ asset: 'USDT', available: '0', locked: '1500' }],
    deposited: '1500',
    withdrawn: '0',
    pending: '1500',
    adjustments: [],
    rejections: 0,
    addressUses: 0,
    addressMembers: 0,
  },
};

const page = () => ({ list: [unclear], total: 1, payoutsRunning: true });

describe('an unclear payout', () => {
  it('says what to look up and pays again only with the hash of the transaction that took the nonce', async () => {
    let tries = 0;
    const requests = mockApi({
      'GET withdrawals/page': page,
      'POST withdrawals/payout-replaced': () => {
        tries += 1;
        if (tries === 1) {
          throw {
            code: 1122,
            msg: 'The chain does not show that transaction as the hot wallet’s, with the same nonce, confirmed',
          };
        }
        return { id: '777', status: 'approved' };
      },
    });
    const { user } = renderWithApp(<WithdrawalsPage />, {
      me: { role: 'finance' },
      route: '/withdrawals?status=payoutUnclear',
    });
    expect(await screen.findByText('Payout unclear, check on chain', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check payout' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(PAYOUT_TX)).toBeInTheDocument();
    expect(dialog.getByText(HOT)).toBeInTheDocument();
    expect(dialog.getByText('41')).toBeInTheDocument();
    expect(dialog.getByText(/If it is mined, do nothing here/)).toBeInTheDocument();

    await fill(user, dialog.getByLabelText('Transaction that used the nonce'), '0x1234');
    await user.click(dialog.getByRole('button', { name: 'Pay again' }));
    expect(await dialog.findByText('Enter a transaction hash (0x and 64 hex digits)')).toBeInTheDocument();
    expect(calls(requests, 'POST withdrawals/payout-replaced')).toHaveLength(0);

    await fill(user, dialog.getByLabelText('Transaction that used the nonce'), TAKER_TX);
    await user.click(dialog.getByRole('button', { name: 'Pay again' }));
    expect(await dialog.findByText(/does not show that transaction/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: /Pay again/ }));
    expect(await screen.findByText('Withdrawal 777 will be paid again')).toBeInTheDocument();
    expect(calls(requests, 'POST withdrawals/payout-replaced').map((r) => r.body)).toEqual([
      { id: '777', replacedBy: TAKER_TX },
      { id: '777', replacedBy: TAKER_TX },
    ]);
  });

  it('explains it in Chinese too', async () => {
    mockApi({ 'GET withdrawals/page': page });
    const { user } = renderWithApp(<WithdrawalsPage />, {
      me: { role: 'finance' },
      route: '/withdrawals?status=payoutUnclear',
    });
    await switchLanguage('zh-CN');
    expect(await screen.findByText('出款状态不明，请链上核查', { selector: '.ant-tag' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '核查出款' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/请在区块浏览器上核查/)).toBeInTheDocument();
    expect(dialog.getByText(/不要重新出款/)).toBeInTheDocument();
    await switchLanguage('en');
  });
});
