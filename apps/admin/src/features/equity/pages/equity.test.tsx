import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, findButton, quickUser } from '@/test/interact';
import { renderWithApp } from '@/test/render';
import { EquityPage } from './equity-page';

const ROUND = {
  id: '4',
  totalShares: 1000,
  sharesRemaining: 333,
  pricePerShare: '100',
  annualYieldPct: '12.5',
  minQuantity: 1,
  termDays: 365,
  open: true,
  createdAt: '2026-04-01T00:00:00.000Z',
};

describe('equity rounds', () => {
  it('lists rounds with the sold share worked out from whole shares', async () => {
    const requests = mockApi({ 'GET equity/rounds': () => ({ list: [ROUND], total: 1 }) });
    renderWithApp(<EquityPage />, { me: { role: 'finance' } });
    const row = (await screen.findByText('66.70%')).closest('tr') as HTMLElement;
    expect(within(row).getByText('100 USDT')).toBeInTheDocument();
    expect(within(row).getByText('12.5%')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(calls(requests, 'GET equity/rounds')[0]?.url.searchParams.get('pageNo')).toBe('1');
  });

  it('warns that the open round closes, asks once more, and sends the round', async () => {
    const requests = mockApi({
      'GET equity/rounds': () => ({ list: [ROUND], total: 1 }),
      'POST equity/round': () => ({ roundId: '5' }),
    });
    renderWithApp(<EquityPage />);
    const user = quickUser();
    await user.click(await findButton(document.body, 'Open a new round'));
    const modal = await dialogWith(/closes the round that is open now/);

    await fill(user, within(modal).getByLabelText('Total shares'), '5000');
    await fill(user, within(modal).getByLabelText('Price per share'), '1.1234567');
    await fill(user, within(modal).getByLabelText('Annual yield'), '18');
    await user.click(button(modal, 'Open a new round'));
    expect(
      await within(modal).findByText('A number with up to 12 digits and 6 decimals, such as 1.5'),
    ).toBeInTheDocument();

    await user.clear(within(modal).getByLabelText('Price per share'));
    await fill(user, within(modal).getByLabelText('Price per share'), '1.25');
    await user.click(button(modal, 'Open a new round'));
    const confirm = await dialogWith('Open this round?');
    expect(calls(requests, 'POST equity/round')).toHaveLength(0);
    await user.click(button(confirm, 'Confirm'));

    await waitFor(() => expect(calls(requests, 'POST equity/round')).toHaveLength(1));
    expect(calls(requests, 'POST equity/round')[0]?.body).toEqual({
      totalShares: 5000,
      pricePerShare: '1.25',
      annualYieldPct: '18',
      minQuantity: 1,
      termDays: 365,
    });
    expect(await screen.findByText('Round 5 is open')).toBeInTheDocument();
  });
});
