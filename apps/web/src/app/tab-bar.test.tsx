import { LOCALES } from '@minecloud/contract/locales';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

const TABS = ['tab-home', 'tab-second', 'tab-three', 'tab-four', 'tab-team'];

beforeEach(() => {
  resetNavigationThrottle();
  // The My Team and Team tabs are a member's: signed in, they open rather than sending to sign-in.
  useSession.setState({ ...DEFAULT_SESSION, token: 'jwt', address: '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e' });
  // Every other call answers 404: the pages show their error states under their titles.
  mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('tab bar', () => {
  it.each([...LOCALES])('labels each tab with the title of the page it opens, in %s', async (locale) => {
    await changeLocale(locale);
    renderApp('/');
    const bar = await screen.findByTestId('tabbar');
    for (const testId of TABS) {
      const tab = within(bar).getByTestId(testId);
      const label = tab.textContent ?? '';
      expect(label).not.toBe('');
      resetNavigationThrottle();
      await userEvent.click(tab);
      await waitFor(() => expect(within(bar).getByTestId(testId)).toHaveAttribute('aria-current', 'page'));
      await waitFor(() => expect([testId, screen.getByTestId('nav-title').textContent]).toEqual([testId, label]));
    }
  });
});
