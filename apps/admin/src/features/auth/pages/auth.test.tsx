import type { OperatorMe } from '@minecloud/contract/console';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleRoutes } from '@/app/console-routes';
import { readToken } from '@/lib/token';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp } from '@/test/render';

const DASHBOARD = {
  members: 12,
  newToday: 1,
  purchasesToday: { count: 0, usdt: '0' },
  depositsToday: [],
  withdrawalsPending: 0,
  liabilities: [],
  ledger: { ok: true, mismatches: 0 },
  series: [],
};

function operator(setup: OperatorMe['setup']): OperatorMe {
  return { id: '2', username: 'fiona', role: 'finance', totpEnabled: setup === null, setup };
}

async function typeCredentials(user: ReturnType<typeof renderWithApp>['user']) {
  await fill(user, await screen.findByLabelText('Username'), 'fiona');
  await fill(user, screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('asks for the authenticator code, then opens the console with the token kept', async () => {
    const requests = mockApi({
      'POST auth/login': ({ body }) => {
        const { totp } = body as { totp?: string };
        if (!totp) throw { code: 1101, msg: 'Enter the 6-digit code from your authenticator app', status: 401 };
        return { token: 'tok-1', setup: null };
      },
      'GET auth/me': () => operator(null),
      'GET dashboard': () => DASHBOARD,
    });
    const { user } = renderWithApp(<ConsoleRoutes />, { me: null, route: '/login' });
    await typeCredentials(user);

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('fiona')).toBeInTheDocument();
    const logins = calls(requests, 'POST auth/login');
    expect(logins.map((r) => r.body)).toEqual([
      { username: 'fiona', password: 'correct horse' },
      { username: 'fiona', password: 'correct horse', totp: '123456' },
    ]);
    expect(readToken()).toBe('tok-1');
    expect(calls(requests, 'GET auth/me')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it('shows the lock message with its time, and a wrong password', async () => {
    let attempt = 0;
    mockApi({
      'POST auth/login': () => {
        attempt += 1;
        if (attempt === 1) throw { code: 401, msg: 'Wrong username or password', status: 401 };
        throw { code: 1100, msg: 'This account is locked; try again after 2026-05-01 10:15', status: 423 };
      },
    });
    const { user } = renderWithApp(<ConsoleRoutes />, { me: null, route: '/login' });
    await typeCredentials(user);
    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This account is locked; try again after 2026-05-01 10:15')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('fiona');
    expect(readToken()).toBeNull();
  });

  it('leads a new operator through the password change and the authenticator enrolment', async () => {
    let me = operator('password');
    const requests = mockApi({
      'POST auth/login': () => ({ token: 'tok-2', setup: 'password' }),
      'GET auth/me': () => me,
      'POST auth/password': () => {
        me = operator('totp');
        return me;
      },
      'POST auth/totp/setup': () => ({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/MineCloud:fiona?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=MineCloud',
      }),
      'POST auth/totp/enable': ({ body }) => {
        if ((body as { code: string }).code !== '654321') throw { code: 1102, msg: 'Wrong code', status: 401 };
        me = operator(null);
        return me;
      },
      'GET dashboard': () => DASHBOARD,
    });
    const { user } = renderWithApp(<ConsoleRoutes />, { me: null, route: '/login' });
    await typeCredentials(user);

    expect(await screen.findByText('Change your one-time password')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Current password'), 'one-time-pass');
    await fill(user, screen.getByLabelText('New password'), 'short');
    await fill(user, screen.getByLabelText('Repeat the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findAllByText('At least 12 characters')).length).toBeGreaterThan(1);
    expect(calls(requests, 'POST auth/password')).toHaveLength(0);

    await fill(user, screen.getByLabelText('New password'), 'a much longer secret');
    await fill(user, screen.getByLabelText('Repeat the new password'), 'a much longer secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const qr = await screen.findByAltText('QR code for your authenticator app');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(calls(requests, 'POST auth/password')[0]?.body).toEqual({
      current: 'one-time-pass',
      next: 'a much longer secret',
    });

    await fill(user, screen.getByLabelText('Authenticator code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Wrong code')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Authenticator code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(screen.getByRole('navigation')).toBeInTheDocument());
    expect(calls(requests, 'POST auth/totp/setup')).toHaveLength(1);
  });

  it('goes back to sign-in with a message when a call answers 401', async () => {
    mockApi({ 'GET dashboard': () => Promise.reject({ code: 401, msg: 'Please sign in', status: 401 }) });
    renderWithApp(<ConsoleRoutes />, { route: '/' });
    expect(await screen.findByText('Your session has ended; sign in again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(readToken()).toBeNull();
  });
});
