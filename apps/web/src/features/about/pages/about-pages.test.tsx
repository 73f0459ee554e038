import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';
import { STARTUP_DELAY_MS } from './startup-page';

const BASIC = 'GET /app-api/biz/biz-config/get/basic';

beforeEach(() => {
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('language page', () => {
  it('lists the five languages and switches the interface and the request language', async () => {
    const languages: string[] = [];
    mockServer({
      [BASIC]: ({ init }) => {
        languages.push((init.headers as Record<string, string>)['Accept-Language'] ?? '');
        return ok(BASIC_CONFIG);
      },
    });
    renderApp(paths.aboutI18n.path);
    const options = await screen.findAllByRole('button', { pressed: false });
    expect(screen.getByRole('heading', { name: '选择语言' })).toBeInTheDocument();
    expect(screen.getByTestId('nav-title')).toHaveTextContent('MineCloud 云矿');
    expect(screen.getByTestId('language-option-zh-CN')).toHaveAttribute('aria-pressed', 'true');
    expect(options.map((option) => option.textContent)).toEqual(['English', '繁體中文', '한국어', 'Bahasa Melayu']);

    await userEvent.click(screen.getByTestId('language-option-en'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Choose a language' })).toBeInTheDocument());
    expect(screen.getByTestId('nav-title')).toHaveTextContent('MineCloud');
    expect(screen.getByTestId('language-option-en')).toHaveAttribute('aria-pressed', 'true');
    expect(useSession.getState()).toMatchObject({ language: 'en', localType: 'en' });
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('startup page', () => {
  it('shows the app over the whole screen, then opens home by itself', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    const { router } = renderApp(paths.startup.path);
    await waitFor(() => expect(screen.getByTestId('app-name')).toHaveTextContent('MineCloud Demo'));
    expect(router.state.location.pathname).toBe(paths.startup.path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: STARTUP_DELAY_MS + 2000 });
    expect(await screen.findByTestId('home-app-name')).toBeInTheDocument();
  });

  it('opens home at once on a tap', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    const { router } = renderApp(paths.startup.path);
    await userEvent.click(await screen.findByTestId('startup-page'));
    expect(router.state.location.pathname).toBe('/');
  });
});
