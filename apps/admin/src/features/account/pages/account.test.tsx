import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp, switchLanguage } from '@/test/render';
import { AccountPage } from './account-page';

describe('my account', () => {
  it('shows the operator and role, and changes the password', async () => {
    const requests = mockApi({
      'POST auth/password': () => ({ id: '3', username: 'fiona', role: 'finance', totpEnabled: true, setup: null }),
      'GET auth/me': () => ({ id: '3', username: 'fiona', role: 'finance', totpEnabled: true, setup: null }),
      'GET auth/email': () => ({ email: null, confirmedAt: null, pending: null, pendingUntil: null }),
    });
    const { user } = renderWithApp(<AccountPage />, { me: { id: '3', username: 'fiona', role: 'finance' } });
    expect(screen.getByText('fiona')).toBeInTheDocument();
    expect(screen.getByText('Finance')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('Current password'), 'the old secret');
    await fill(user, screen.getByLabelText('New password'), 'a much longer secret');
    await fill(user, screen.getByLabelText('Repeat the new password'), 'a much longer secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(calls(requests, 'POST auth/password')[0]?.body).toEqual({
      current: 'the old secret',
      next: 'a much longer secret',
    });

    await switchLanguage('zh-CN');
    expect(await screen.findByText('我的账号')).toBeInTheDocument();
    expect(screen.getByText('财务')).toBeInTheDocument();
  });
});
