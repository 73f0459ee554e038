import type { OperatorEmail } from '@minecloud/contract/console';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp, switchLanguage } from '@/test/render';
import { AccountPage } from '../pages/account-page';

const NONE: OperatorEmail = { email: null, confirmedAt: null, pending: null, pendingUntil: null };
const UNTIL = '2026-11-28T10:10:00.000Z';
const SINCE = '2026-11-28T10:02:00.000Z';

describe("my account's address for security notices", () => {
  it('goes from none to a pending code to confirmed, refusing a wrong code, and is removed', async () => {
    let state = NONE;
    const requests = mockApi({
      'GET auth/email': () => state,
      'POST auth/email/code': ({ body }) => {
        state = { ...state, pending: (body as { email: string }).email, pendingUntil: UNTIL };
        return state;
      },
      'POST auth/email': ({ body }) => {
        const { email, code } = body as { email: string; code: string };
        if (code !== '123456') throw { code: 1071, msg: 'The code is wrong' };
        state = { email, confirmedAt: SINCE, pending: null, pendingUntil: null };
        return state;
      },
      'DELETE auth/email': () => {
        state = NONE;
        return state;
      },
      'GET auth/passkeys': () => ({ list: [] }),
    });
    const { user } = renderWithApp(<AccountPage />);
    expect(await screen.findByText(/No confirmed address/)).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Email'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Email'), 'olivia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(
        `A 6-digit code was mailed to olivia@example.com; it is valid until ${formatTime(UNTIL)}.`,
      ),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST auth/email/code')[0]?.body).toEqual({ email: 'olivia@example.com' });
    // Still not confirmed while the code waits.
    expect(screen.getByText(/No confirmed address/)).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is wrong')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    expect(screen.getByText('olivia@example.com')).toBeInTheDocument();
    expect(screen.getByText(`since ${formatTime(SINCE)}`)).toBeInTheDocument();
    expect(screen.queryByText('The code is wrong')).toBeNull();
    expect(calls(requests, 'POST auth/email').at(-1)?.body).toEqual({ email: 'olivia@example.com', code: '123456' });

    await switchLanguage('zh-CN');
    expect(await screen.findByText('已确认')).toBeInTheDocument();
    await switchLanguage('en');

    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    // The confirmation's own button, beside the card's.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2));
    await user.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1) as HTMLElement);
    await waitFor(() => expect(calls(requests, 'DELETE auth/email')).toHaveLength(1));
    expect(await screen.findByText(/No confirmed address/)).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockApi({
      'GET auth/email': () => {
        if (fail) throw { code: 500, msg: 'The server is down', status: 500 };
        return { ...NONE, email: 'olivia@example.com', confirmedAt: SINCE };
      },
      'GET auth/passkeys': () => ({ list: [] }),
    });
    const { user } = renderWithApp(<AccountPage />);
    expect(await screen.findByText('The server is down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
  });
});
