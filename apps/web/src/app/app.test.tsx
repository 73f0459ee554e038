import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { relaunch } from '@/lib/relaunch';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok } from '@/test/render-app';
import { App } from './app';

// A tab bar that can be made to throw: an error outside any page, in the tab layout.
const tabBar = vi.hoisted(() => ({ crash: false }));
vi.mock('./tab-bar', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./tab-bar')>();
  return {
    TabBar: () => {
      if (tabBar.crash) throw new Error('layout boom');
      return <actual.TabBar />;
    },
  };
});

beforeEach(() => {
  useSession.setState({ ...DEFAULT_SESSION });
  mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
});

afterEach(() => {
  tabBar.crash = false;
  window.location.hash = '';
});

describe('App', () => {
  it('shows the page named by the location hash', async () => {
    window.location.hash = `#${paths.about.path}`;
    render(<App />);
    expect(await screen.findByTestId('about')).toBeInTheDocument();
  });

  it('follows the hash as it changes', async () => {
    window.location.hash = `#${paths.about.path}`;
    render(<App />);
    await screen.findByTestId('about');
    act(() => {
      window.location.hash = '#/';
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByTestId('home-app-name')).toBeInTheDocument();
  });

  it('relaunches through the router: the page changes in place of the current one', async () => {
    window.location.hash = `#${paths.about.path}`;
    render(<App />);
    await screen.findByTestId('about');
    const length = window.history.length;
    act(() => relaunch('/'));
    expect(await screen.findByTestId('home-app-name')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/');
    expect(window.history.length).toBe(length);
  });

  it('shows the app error screen when a layout, outside any page, throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    tabBar.crash = true;
    window.location.hash = '#/';
    render(<App />);
    expect(await screen.findByTestId('app-error')).toBeInTheDocument();
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('App error', expect.any(Error), expect.anything()));
  });
});
