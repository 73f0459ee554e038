import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readToken } from '@/lib/token';
import { calls, mockApi } from '@/test/fetch';
import { OWNER, renderWithApp } from '@/test/render';
import { ConsoleRoutes } from './console-routes';

function menu() {
  return within(screen.getByRole('navigation'));
}

describe('console shell', () => {
  it('shows support only the menu entries its role may use', async () => {
    mockApi({ 'GET feedback': () => ({ list: [], total: 0 }) });
    renderWithApp(<ConsoleRoutes />, { me: { role: 'support', username: 'sam' }, route: '/feedback' });
    expect(await menu().findByText('Feedback')).toBeInTheDocument();
    expect(menu().getByText('Dashboard')).toBeInTheDocument();
    expect(menu().getByText('Member list')).toBeInTheDocument();
    expect(menu().getByText('Mail outbox')).toBeInTheDocument();
    expect(menu().queryByText('Withdrawals')).not.toBeInTheDocument();
    expect(menu().queryByText('Config')).not.toBeInTheDocument();
    expect(menu().queryByText('Proof of reserves')).not.toBeInTheDocument();
    expect(menu().queryByText('Operators')).not.toBeInTheDocument();
    expect(screen.getByText('sam')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
  });

  it('shows the owner every entry, Operators included', async () => {
    mockApi({ 'GET operators': () => ({ list: [] }) });
    renderWithApp(<ConsoleRoutes />, { route: '/operators' });
    for (const label of ['Withdrawals', 'Config', 'Audit log', 'Operators', 'Banners', 'Jobs', 'Proof of reserves']) {
      expect(await menu().findByText(label)).toBeInTheDocument();
    }
  });

  it('answers 403 on a page the role may not use, and 404 on an unknown one', async () => {
    mockApi({});
    const { unmount } = renderWithApp(<ConsoleRoutes />, { me: { role: 'content' }, route: '/withdrawals' });
    expect(await screen.findByText('Not for your role')).toBeInTheDocument();
    unmount();
    renderWithApp(<ConsoleRoutes />, { me: { role: 'content' }, route: '/nowhere' });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('switches the language, menu included, and remembers it', async () => {
    mockApi({ 'GET feedback': () => ({ list: [], total: 0 }) });
    const { user } = renderWithApp(<ConsoleRoutes />, { me: { role: 'support' }, route: '/feedback' });
    await menu().findByText('Feedback');
    await user.click(screen.getByText('简体中文'));
    expect(await menu().findByText('用户反馈')).toBeInTheDocument();
    expect(localStorage.getItem('minecloud.admin.language')).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    await user.click(screen.getByText('English'));
    expect(await menu().findByText('Feedback')).toBeInTheDocument();
  });

  it('signs out on the server, then shows sign-in', async () => {
    const requests = mockApi({ 'GET feedback': () => ({ list: [], total: 0 }), 'POST auth/logout': () => null });
    const { user } = renderWithApp(<ConsoleRoutes />, { me: { role: 'support' }, route: '/feedback' });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(calls(requests, 'POST auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(readToken()).toBeNull();
  });

  it('takes an operator whose setup is unfinished (1104) to the setup screen', async () => {
    mockApi({
      'GET dashboard': () => {
        throw { code: 1104, msg: 'Finish setting up your account first', status: 403 };
      },
      'GET auth/me': () => ({ ...OWNER, setup: 'password' }),
    });
    renderWithApp(<ConsoleRoutes />, { route: '/' });
    expect(await screen.findByText('Change your one-time password')).toBeInTheDocument();
  });

  it('sends a signed-out operator to sign-in', async () => {
    mockApi({});
    renderWithApp(<ConsoleRoutes />, { me: null, route: '/members' });
    expect(await screen.findByRole('button', { name: /sign in/i })).toBeInTheDocument();
  });
});
