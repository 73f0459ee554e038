import type { OperatorRow } from '@minecloud/contract/console';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp } from '@/test/render';
import { OperatorsPage } from './operators-page';

function operator(over: Partial<OperatorRow>): OperatorRow {
  return {
    id: '1',
    username: 'olivia',
    role: 'owner',
    totpEnabled: true,
    disabled: false,
    failedLogins: 0,
    lockedUntil: null,
    lastLoginAt: '2026-04-01T09:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    passkeys: 0,
    setUpBy: null,
    vouchNeeded: false,
    vouchedBy: null,
    ...over,
  };
}

const LOCKED = operator({
  id: '2',
  username: 'sam',
  role: 'support',
  totpEnabled: false,
  failedLogins: 5,
  lockedUntil: '2999-01-01T00:00:00.000Z',
  lastLoginAt: null,
});

describe('operators', () => {
  it('creates an operator and shows the one-time password once', async () => {
    const requests = mockApi({
      'GET operators': () => ({ list: [operator({}), LOCKED] }),
      'POST operators': () => ({ id: '3', username: 'fiona', password: 'Xk3-pq9-Zt7-Lm2' }),
    });
    const { user } = renderWithApp(<OperatorsPage />);
    expect(await screen.findByText('sam')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New operator' }));
    const dialog = within(await screen.findByRole('dialog'));
    await fill(user, dialog.getByLabelText('Username'), 'Fiona!');
    await user.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('This username does not follow the rule below')).toBeInTheDocument();
    expect(calls(requests, 'POST operators')).toHaveLength(0);

    await fill(user, dialog.getByLabelText('Username'), 'fiona');
    await user.click(dialog.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByTitle('Finance'));
    await user.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Xk3-pq9-Zt7-Lm2')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This password is shown only once. Hand it over safely; it must be changed at the first sign-in.',
      ),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST operators')[0]?.body).toEqual({ username: 'fiona', role: 'finance' });
  });

  it('unlocks, and resets only after confirming', async () => {
    const requests = mockApi({
      'GET operators': () => ({ list: [operator({}), LOCKED] }),
      'POST operators/2/unlock': () => null,
      'POST operators/2/reset': () => ({ id: '2', username: 'sam', password: 'new-one-time' }),
    });
    const { user } = renderWithApp(<OperatorsPage />);
    const row = within((await screen.findByText('sam')).closest('tr')!);
    await user.click(row.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('sam unlocked')).toBeInTheDocument();
    expect(calls(requests, 'POST operators/2/unlock')).toHaveLength(1);

    await user.click(row.getByRole('button', { name: 'Reset' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/new one-time password and their authenticator is cleared/)).toBeInTheDocument();
    expect(calls(requests, 'POST operators/2/reset')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('new-one-time')).toBeInTheDocument();
    await waitFor(() => expect(calls(requests, 'POST operators/2/reset')).toHaveLength(1));
  });

  it('lets finance vouch for an approver someone else set up, after confirming, and shows a refusal', async () => {
    const fiona = operator({ id: '5', username: 'fiona', role: 'finance', setUpBy: 'olivia' });
    const frank = operator({ id: '6', username: 'frank', role: 'finance', setUpBy: 'olivia', vouchNeeded: true });
    const mine = operator({ id: '7', username: 'fred', role: 'finance', setUpBy: 'fiona', vouchNeeded: true });
    let refuse = true;
    const requests = mockApi({
      'GET operators': () => ({ list: [operator({}), fiona, frank, mine] }),
      'POST operators/6/vouch': () => {
        if (refuse) {
          refuse = false;
          throw { code: 1139, msg: 'Your account awaits a vouch', status: 403 };
        }
        return { ...frank, vouchNeeded: false, vouchedBy: 'fiona' };
      },
    });
    const { user } = renderWithApp(<OperatorsPage />, { me: { id: '5', username: 'fiona', role: 'finance' } });
    const row = within((await screen.findByText('frank')).closest('tr')!);
    expect(row.getByText('Awaiting a vouch')).toBeInTheDocument();
    expect(row.getByText('set up by olivia')).toBeInTheDocument();
    // Finance vouches, but neither creates nor resets; never for an account it set up.
    expect(screen.queryByRole('button', { name: 'New operator' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    const fred = within(screen.getByText('fred').closest('tr')!);
    expect(fred.queryByRole('button', { name: 'Vouch' })).not.toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Vouch' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/was set up by olivia, who knew its one-time password/)).toBeInTheDocument();
    expect(calls(requests, 'POST operators/6/vouch')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Vouch' }));
    expect(await screen.findByText('Your account awaits a vouch')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Vouch' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).not.toHaveLength(0));
    dialog = within(screen.getAllByRole('dialog').at(-1)!);
    await user.click(dialog.getByRole('button', { name: 'Vouch' }));
    expect(await screen.findByText('You vouched for frank')).toBeInTheDocument();
    expect(calls(requests, 'POST operators/6/vouch')).toHaveLength(2);
  });

  it('offers no vouch to an approver who awaits one itself', async () => {
    mockApi({
      'GET operators': () => ({
        list: [
          operator({}),
          operator({ id: '5', username: 'fiona', role: 'finance', setUpBy: 'olivia', vouchNeeded: true }),
          operator({ id: '6', username: 'frank', role: 'finance', setUpBy: 'olivia', vouchNeeded: true }),
        ],
      }),
    });
    renderWithApp(<OperatorsPage />, { me: { id: '5', username: 'fiona', role: 'finance' } });
    expect(await screen.findByText('frank')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vouch' })).not.toBeInTheDocument();
  });
});
