import type { SettingProposal, SettingRow } from '@minecloud/contract/console';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, findButton, quickUser } from '@/test/interact';
import { renderWithApp } from '@/test/render';
import { ConfigPage } from './config-page';

const row = (key: string, kind: SettingRow['kind'], value: unknown, extra: Partial<SettingRow> = {}): SettingRow => ({
  key,
  kind,
  value,
  default: value,
  isDefault: true,
  min: null,
  max: null,
  pending: [],
  atBoundary: false,
  ...extra,
});

const SETTINGS: SettingRow[] = [
  row('pool.winners', 'integer', 5, { min: 1, max: 100 }),
  row('pool.weights', 'percentages', [40, 25, 15, 10, 10]),
  row('equity.tradingOpen', 'boolean', false),
  row('mining.burnRate', 'rate', '0.05', {
    atBoundary: true,
    pending: [
      {
        id: '8',
        key: 'mining.burnRate',
        before: '0.05',
        value: '0.06',
        effectiveAt: '2099-01-01T00:00:00.000Z',
        actor: 'operator:olivia',
        requestId: 'req-8',
        createdAt: '2026-04-01T00:00:00.000Z',
      },
    ],
  }),
  row('withdraw.fee.USDT', 'decimal', '2', { default: '1', isDefault: false }),
  row('support.email', 'email', ''),
  row('support.telegram', 'telegram', '@minecloud_help', { default: '', isDefault: false }),
];

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET config': () => ({ list: SETTINGS }),
    'GET config/changes': () => ({ list: [], total: 0 }),
    'GET config/proposals': () => ({ list: [] }),
    ...extra,
  });
}

async function openEditor(label: string) {
  const user = quickUser();
  const tableRow = (await screen.findByText(label)).closest('tr') as HTMLElement;
  await user.click(button(tableRow, 'Edit'));
  const modal = await dialogWith(`Change “${label}”`);
  return { user, modal };
}

/** Types `value` into the editor's time field and leaves it, as an operator does. */
async function enterTime(user: ReturnType<typeof quickUser>, modal: HTMLElement, value: string) {
  const time = await within(modal).findByLabelText('Time');
  await user.click(time);
  fireEvent.change(time, { target: { value } });
  fireEvent.blur(time);
}

describe('config editor', () => {
  it('groups the settings with readable names, defaults and scheduled changes', async () => {
    api();
    renderWithApp(<ConfigPage />);
    expect(await screen.findByText('Prize pool')).toBeInTheDocument();
    expect(screen.getByText('Withdrawals')).toBeInTheDocument();
    const fee = screen.getByText('USDT withdrawal fee').closest('tr') as HTMLElement;
    expect(within(fee).getByText('2')).toBeInTheDocument();
    expect(within(fee).getByText('1')).toBeInTheDocument();
    expect(within(fee).queryByText('default')).not.toBeInTheDocument();
    const burn = screen.getByText('Burned hash rate share').closest('tr') as HTMLElement;
    expect(within(burn).getByText('default')).toBeInTheDocument();
    expect(within(burn).getByText('0.06')).toBeInTheDocument();
    expect(within(burn).getByText(/^from 2099-01-01/)).toBeInTheDocument();
    expect(within(burn).getAllByText('(5%)')).toHaveLength(2);
  });

  it('is read-only for finance', async () => {
    api();
    renderWithApp(<ConfigPage />, { me: { role: 'finance' } });
    const winners = (await screen.findByText('Pool winners')).closest('tr') as HTMLElement;
    expect(screen.getByText('Only the owner may change settings; you can read them.')).toBeInTheDocument();
    expect(() => button(winners, 'Edit')).toThrow();
    expect(button(winners, 'History')).toBeInTheDocument();
  });

  it('keeps an integer within its min and max', async () => {
    const requests = api({ 'PUT config/pool.winners': () => null });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Pool winners');
    const field = within(modal).getByLabelText('New value');
    await fill(user, field, '101');
    await user.click(button(modal, 'Save'));
    expect(
      await within(modal).findByText('A whole number from 1 to 100', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    await fill(user, field, '2.5');
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(within(modal).getAllByText('A whole number from 1 to 100')).toHaveLength(2));
    expect(calls(requests, 'PUT config/pool.winners')).toHaveLength(0);

    await fill(user, field, '7');
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT config/pool.winners')).toHaveLength(1));
    expect(calls(requests, 'PUT config/pool.winners')[0]?.body).toEqual({ value: 7 });
    expect(await screen.findByText('Setting changed')).toBeInTheDocument();
  });

  it('refuses percentages that add up to more than 100, and sends the list', async () => {
    const requests = api({ 'PUT config/pool.weights': () => null });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Pool prize weights (%)');
    expect(within(modal).getByText('Sum: 100% (at most 100)')).toBeInTheDocument();
    await fill(user, within(modal).getByLabelText('Place 1'), '60');
    expect(await within(modal).findByText('Sum: 120% (at most 100)')).toBeInTheDocument();
    await user.click(button(modal, 'Save'));
    expect(await within(modal).findByText('The percentages add up to more than 100')).toBeInTheDocument();
    expect(calls(requests, 'PUT config/pool.weights')).toHaveLength(0);

    const removes = within(modal).getAllByText('Remove');
    await user.click(removes[4] as HTMLElement);
    await user.click(removes[3] as HTMLElement);
    await fill(user, within(modal).getByLabelText('Place 3'), '0');
    expect(await within(modal).findByText('Sum: 85% (at most 100)')).toBeInTheDocument();
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT config/pool.weights')).toHaveLength(1));
    expect(calls(requests, 'PUT config/pool.weights')[0]?.body).toEqual({ value: [60, 25, 0] });
  });

  it('turns a boolean on with a switch', async () => {
    const requests = api({ 'PUT config/equity.tradingOpen': () => null });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Equity trading open');
    await user.click(within(modal).getByLabelText('New value'));
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT config/equity.tradingOpen')).toHaveLength(1));
    expect(calls(requests, 'PUT config/equity.tradingOpen')[0]?.body).toEqual({ value: true });
  });

  it('says a member-facing term waits for the next settlement boundary; a switch does not', async () => {
    api();
    renderWithApp(<ConfigPage />);
    const term = await openEditor('Burned hash rate share');
    expect(within(term.modal).getByTestId('at-boundary-note')).toHaveTextContent(
      'A member-facing term: it takes effect at a settlement boundary',
    );
    expect(within(term.modal).getByLabelText('At the next settlement boundary')).toBeChecked();
    await term.user.click(button(term.modal, 'Cancel'));
    await waitFor(() => expect(screen.queryByText('Change “Burned hash rate share”')).not.toBeInTheDocument());
    const toggle = await openEditor('Equity trading open');
    expect(within(toggle.modal).queryByTestId('at-boundary-note')).not.toBeInTheDocument();
    expect(within(toggle.modal).getByLabelText('Now')).toBeChecked();
  });

  it('sends a chosen time as effectiveAt, with its offset', async () => {
    const requests = api({ 'PUT config/mining.burnRate': () => null });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Burned hash rate share');
    await fill(user, within(modal).getByLabelText('New value'), '0.075');
    expect(await within(modal).findByText('= 7.5%')).toBeInTheDocument();
    await user.click(within(modal).getByLabelText('At a chosen time'));
    await enterTime(user, modal, '2099-03-04 05:06:07');
    await user.click(button(modal, 'Save'));

    await waitFor(() => expect(calls(requests, 'PUT config/mining.burnRate')).toHaveLength(1));
    const body = calls(requests, 'PUT config/mining.burnRate')[0]?.body as { value: string; effectiveAt: string };
    expect(body.value).toBe('0.075');
    expect(body.effectiveAt).toMatch(/^2099-03-04T05:06:07(Z|[+-]\d{2}:\d{2})$/);
    expect(new Date(body.effectiveAt).getTime()).toBe(new Date(2099, 2, 4, 5, 6, 7).getTime());
    expect(await screen.findByText('Change scheduled')).toBeInTheDocument();
  });

  it('refuses a time in the past before asking the server', async () => {
    const requests = api({ 'PUT config/mining.burnRate': () => null });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Burned hash rate share');
    await user.click(within(modal).getByLabelText('At a chosen time'));
    await user.click(button(modal, 'Save'));
    expect(await within(modal).findByText('Choose the time')).toBeInTheDocument();
    // Earlier days cannot be picked at all; earlier today can, and is refused.
    const today = new Date();
    const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, '0'));
    await enterTime(user, modal, `${day.join('-')} 00:00:00`);
    await user.click(button(modal, 'Save'));
    expect(await within(modal).findByText('Choose a time in the future')).toBeInTheDocument();
    expect(calls(requests, 'PUT config/mining.burnRate')).toHaveLength(0);
  });

  it('shows the server’s refusal on the form and keeps what was typed', async () => {
    api({
      'PUT config/withdraw.fee.USDT': () => {
        throw { code: 1109, msg: 'This value is not allowed for withdraw.fee.USDT', status: 400 };
      },
    });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('USDT withdrawal fee');
    await fill(user, within(modal).getByLabelText('New value'), '1.5');
    await user.click(button(modal, 'Save'));
    expect(await within(modal).findByText('This value is not allowed for withdraw.fee.USDT')).toBeInTheDocument();
    expect(within(modal).getByLabelText('New value')).toHaveValue('1.5');
  });

  it('shows the server’s refusal of a time that has passed under the time field', async () => {
    api({
      'PUT config/mining.burnRate': () => {
        throw { code: 1110, msg: 'The effective time has passed; choose a later one', status: 400 };
      },
    });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Burned hash rate share');
    await user.click(within(modal).getByLabelText('At a chosen time'));
    await enterTime(user, modal, '2099-03-04 05:06:07');
    await user.click(button(modal, 'Save'));
    await waitFor(() =>
      expect(within(modal).getAllByText('The effective time has passed; choose a later one')).toHaveLength(2),
    );
    expect(
      within(modal).getByText('The effective time has passed; choose a later one', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
  });

  it('shows an unset support contact as not set, refuses a bad one before asking, and sends it trimmed', async () => {
    const requests = api({ 'PUT config/support.email': () => null });
    renderWithApp(<ConfigPage />);
    expect(await screen.findByText('Customer support')).toBeInTheDocument();
    const email = screen.getByText('Support email').closest('tr') as HTMLElement;
    // Its value and its default.
    expect(within(email).getAllByText('not set')).toHaveLength(2);
    const { user, modal } = await openEditor('Support email');
    expect(within(modal).getByText('Leave it empty to hide this channel from members.')).toBeInTheDocument();
    const field = within(modal).getByLabelText('New value');
    await fill(user, field, 'help at minecloud');
    await user.click(button(modal, 'Save'));
    expect(await within(modal).findByText('An email address such as support@example.com')).toBeInTheDocument();
    expect(calls(requests, 'PUT config/support.email')).toHaveLength(0);

    await fill(user, field, ' help@minecloud.io ');
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT config/support.email')).toHaveLength(1));
    expect(calls(requests, 'PUT config/support.email')[0]?.body).toEqual({ value: 'help@minecloud.io' });
  });

  it('takes a Telegram username or link, and clears the channel with an empty field', async () => {
    const requests = api({ 'PUT config/support.telegram': () => null });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('Support Telegram');
    const field = within(modal).getByLabelText('New value');
    expect(field).toHaveValue('@minecloud_help');
    await fill(user, field, 'minecloud_help');
    await user.click(button(modal, 'Save'));
    expect(
      await within(modal).findByText(
        'A Telegram username such as @minecloud_help, or a link such as https://t.me/minecloud_help',
      ),
    ).toBeInTheDocument();
    expect(calls(requests, 'PUT config/support.telegram')).toHaveLength(0);

    await user.clear(field);
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT config/support.telegram')).toHaveLength(1));
    expect(calls(requests, 'PUT config/support.telegram')[0]?.body).toEqual({ value: '' });
  });

  it('opens the history of one setting from its row', async () => {
    const requests = api();
    renderWithApp(<ConfigPage />);
    const user = quickUser();
    const winners = (await screen.findByText('Pool winners')).closest('tr') as HTMLElement;
    await user.click(await findButton(winners, 'History'));
    await waitFor(() =>
      expect(calls(requests, 'GET config/changes').at(-1)?.url.searchParams.get('key')).toBe('pool.winners'),
    );
  });
});

const PROPOSAL: SettingProposal = {
  id: '5',
  key: 'withdraw.fee.USDT',
  before: '2',
  value: '0',
  status: 'pending',
  proposer: 'oscar',
  proposedAt: '2026-04-01T00:00:00.000Z',
  expiresAt: '2026-04-02T00:00:00.000Z',
  askedAt: null,
  decidedBy: null,
  decidedAt: null,
  effectiveAt: '2099-01-02T00:00:00.000Z',
};

describe('pending changes of guarded settings', () => {
  it('shows the diff, who proposed it and when it would apply; finance approves it', async () => {
    const requests = api({
      'GET config/proposals': () => ({ list: [PROPOSAL] }),
      'POST config/proposals/5/approve': () => ({ ...PROPOSAL, status: 'approved', decidedBy: 'fiona' }),
    });
    renderWithApp(<ConfigPage />, { me: { role: 'finance', username: 'fiona' } });
    const table = await screen.findByTestId('pending-changes');
    const row = (await within(table).findByText('oscar')).closest('tr') as HTMLElement;
    expect(within(row).getByText('USDT withdrawal fee')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('0')).toBeInTheDocument();
    expect(within(row).getByText(/^2099-01-0/)).toBeInTheDocument();
    expect(() => button(row, 'Withdraw')).toThrow();
    await quickUser().click(button(row, 'Approve'));
    await waitFor(() => expect(calls(requests, 'POST config/proposals/5/approve')).toHaveLength(1));
    expect(await screen.findByText(/^Approved: takes effect 2099-01-0/)).toBeInTheDocument();
  });

  it('lets the proposer withdraw but not approve, and shows a refusal', async () => {
    api({
      'GET config/proposals': () => ({ list: [PROPOSAL] }),
      'POST config/proposals/5/withdraw': () => {
        throw { code: 1136, msg: 'This proposed setting change has already been decided', status: 409 };
      },
    });
    renderWithApp(<ConfigPage />, { me: { username: 'oscar' } });
    const row = (await within(await screen.findByTestId('pending-changes')).findByText('oscar')).closest(
      'tr',
    ) as HTMLElement;
    expect(() => button(row, 'Approve')).toThrow();
    expect(within(row).getByText('Yours: another operator must approve it')).toBeInTheDocument();
    await quickUser().click(button(row, 'Withdraw'));
    expect(await screen.findByText('This proposed setting change has already been decided')).toBeInTheDocument();
  });

  it('says when none wait, and when they cannot be loaded', async () => {
    api();
    const first = renderWithApp(<ConfigPage />);
    expect(await screen.findByText('No changes are waiting for approval')).toBeInTheDocument();
    first.unmount();
    api({
      'GET config/proposals': () => {
        throw { code: 500, msg: 'Server error', status: 500 };
      },
    });
    renderWithApp(<ConfigPage />);
    expect(await screen.findByText('Server error')).toBeInTheDocument();
  });

  it('says in the editor that loosening a guarded setting waits for approval, and tightening does not', async () => {
    const requests = api({ 'PUT config/withdraw.fee.USDT': () => ({ ...PROPOSAL, proposer: 'olivia' }) });
    renderWithApp(<ConfigPage />);
    const { user, modal } = await openEditor('USDT withdrawal fee');
    const note = within(modal).getByTestId('guard-note');
    expect(note).toHaveTextContent('loosening it needs a second operator');
    expect(note).toHaveTextContent('tightens it or keeps it');
    await fill(user, within(modal).getByLabelText('New value'), '0');
    expect(await within(modal).findByText(/This value loosens it/)).toHaveTextContent('24 h after the approval');
    await user.click(button(modal, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT config/withdraw.fee.USDT')).toHaveLength(1));
    expect(await screen.findByText('Proposed: the change waits for a second operator’s approval')).toBeInTheDocument();
  });
});
