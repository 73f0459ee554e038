import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { STARTUP_DELAY_MS } from '@/features/about/pages/startup-page';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';
import { firstLaunchPath, LAUNCHED_KEY } from './first-launch';

/** A fresh phone's storage: nothing remembered yet. */
function freshStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the first launch', () => {
  it('opens the startup page once at the app’s entry, which then opens home by itself', async () => {
    const store = freshStorage();
    const first = firstLaunchPath('/', store);
    expect(first).toBe(paths.startup.path);
    expect(store.getItem(LAUNCHED_KEY)).toBe('1');

    mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
    const { router } = renderApp(first);
    expect(await screen.findByTestId('startup-page')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: STARTUP_DELAY_MS + 2000 });
    expect(await screen.findByTestId('home-app-name')).toBeInTheDocument();

    // The next launch opens home at once.
    expect(firstLaunchPath('/', store)).toBe('/');
  });

  it('opens a link into the app at its page, and never shows the splash where nothing can be remembered', () => {
    const store = freshStorage();
    expect(firstLaunchPath(paths.login.path, store)).toBe(paths.login.path);
    expect(store.getItem(LAUNCHED_KEY)).toBeNull();
    expect(firstLaunchPath('/', null)).toBe('/');
    const full = {
      ...freshStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    expect(firstLaunchPath('/', full)).toBe('/');
  });
});
