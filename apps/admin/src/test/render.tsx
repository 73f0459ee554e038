import { StyleProvider } from '@ant-design/cssinjs';
import type { OperatorMe } from '@minecloud/contract/console';
import { act, render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '@/app/app';
import { type Language, setLanguage } from '@/i18n';
import { createQueryClient } from '@/lib/query-client';
import { saveToken } from '@/lib/token';

export const OWNER: OperatorMe = { id: '1', username: 'olivia', role: 'owner', totpEnabled: true, setup: null };

type Options = {
  /** The signed-in operator (an owner unless given); null renders signed out. */
  me?: Partial<OperatorMe> | null;
  /** Where the memory router starts. */
  route?: string;
  /** A route pattern for `ui`, when it reads parameters (`/members/:id`). */
  path?: string;
};

/**
 * Renders `ui` with queries (no retries), antd, i18n (en), a router and a signed-in session.
 * antd's styles are kept out of the document (StyleProvider mock="server") and its motion is off:
 * jsdom's getComputedStyle walks every injected stylesheet and never ends a transition, which made
 * the suite several times slower.
 */
export function renderWithApp(ui: ReactElement, { me, route = '/', path }: Options = {}) {
  const operator = me === null ? null : { ...OWNER, ...me };
  if (operator) saveToken('test-token');
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <StyleProvider mock="server">
      <MemoryRouter initialEntries={[route]}>
        <AppProviders queryClient={queryClient} initialMe={operator} motion={false}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
            </Routes>
          ) : (
            ui
          )}
        </AppProviders>
      </MemoryRouter>
    </StyleProvider>,
  );
  return { ...view, user, queryClient };
}

/**
 * Switches the console's language for the rest of the test (setup.ts switches back to English after
 * each test); rendered components follow it.
 */
export async function switchLanguage(language: Language) {
  await act(() => setLanguage(language));
}

/** Replaces a field's text in one input event: typing key by key into antd fields is slow. */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.paste(text);
}
