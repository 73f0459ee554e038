import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatTime } from '@/lib/format';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp } from '@/test/render';
import { AccountPage } from './account-page';

// The ceremony is the library's; whether the browser has WebAuthn is its PublicKeyCredential, which
// jsdom lacks (stubbed where a test wants one; the config unstubs globals after each test).
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {} })),
  startAuthentication: vi.fn(),
}));

const ME = { id: '3', username: 'fiona', role: 'finance' as const };
const LAPTOP = {
  id: '7',
  name: 'Work laptop',
  createdAt: '2026-03-01T08:00:00.000Z',
  lastUsedAt: '2026-04-02T09:30:00.000Z',
};
/** The address for security notices, on the same page (operator-email.test.tsx). */
const NO_EMAIL = () => ({ email: null, confirmedAt: null, pending: null, pendingUntil: null });
const KEY = { id: '8', name: 'Security key', createdAt: '2026-03-05T08:00:00.000Z', lastUsedAt: null };

describe("my account's passkeys", () => {
  it('lists the passkeys with when they were added and last used, and removes one', async () => {
    let list = [LAPTOP, KEY];
    const requests = mockApi({
      'GET auth/passkeys': () => ({ list }),
      'GET auth/email': NO_EMAIL,
      'DELETE auth/passkeys/7': () => {
        list = [KEY];
        return { list };
      },
    });
    const { user } = renderWithApp(<AccountPage />, { me: ME });
    const row = (await screen.findByText('Work laptop')).closest('tr') as HTMLElement;
    expect(within(row).getByText(formatTime(LAPTOP.createdAt))).toBeInTheDocument();
    expect(within(row).getByText(formatTime(LAPTOP.lastUsedAt))).toBeInTheDocument();
    const never = screen.getByText('Security key').closest('tr') as HTMLElement;
    expect(within(never).getByText('Never')).toBeInTheDocument();
    // No WebAuthn in this browser: it says so instead of offering to add one.
    expect(screen.getByText(/This browser cannot use passkeys here/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Remove Work laptop' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Work laptop')).toBeNull());
    expect(calls(requests, 'DELETE auth/passkeys/7')).toHaveLength(1);
    expect(screen.getByText('Security key')).toBeInTheDocument();
  });

  it('says when there are none, and adds one with its name through the browser', async () => {
    vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {});
    const requests = mockApi({
      'GET auth/passkeys': () => ({ list: [] }),
      'GET auth/email': NO_EMAIL,
      'POST auth/passkeys/options': () => ({ challenge: 'abc', rp: { id: 'localhost' } }),
      'POST auth/passkeys': () => ({ list: [LAPTOP] }),
    });
    const { user } = renderWithApp(<AccountPage />, { me: ME });
    expect(await screen.findByText('No passkeys yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Name'), 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();
    expect(calls(requests, 'POST auth/passkeys')[0]?.body).toEqual({
      name: 'Work laptop',
      credential: { id: 'cred', rawId: 'cred', type: 'public-key', response: {} },
    });
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockApi({
      'GET auth/passkeys': () => {
        if (fail) throw { code: 500, msg: 'The server is down', status: 500 };
        return { list: [KEY] };
      },
      'GET auth/email': NO_EMAIL,
    });
    const { user } = renderWithApp(<AccountPage />, { me: ME });
    expect(await screen.findByText('The server is down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Security key')).toBeInTheDocument();
  });
});
