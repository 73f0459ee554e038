import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/fetch.ts';
import { renderWithApp } from '../test/render.tsx';
import { ConsoleRoutes } from './console-routes.tsx';

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
    expect(menu().queryByText('Operators')).not.toBeInTheDocument();
    expect(screen.getByText('sam')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
  });

  it('shows the owner every entry, Operators included', async () => {
    mockApi({ 'GET operators': () => ({ list: [] }) });
    renderWithApp(<ConsoleRoutes />, { route: '/operators' });
    for (const label of ['Withdrawals', 'Config', 'Audit log', 'Operators', 'Banners', 'Jobs']) {
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

  it('sends a signed-out operator to sign-in', async () => {
    mockApi({});
    renderWithApp(<ConsoleRoutes />, { me: null, route: '/members' });
    expect(await screen.findByRole('button', { name: /sign in/i })).toBeInTheDocument();
  });
});
