import type { OperatorMe } from '@minecloud/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMe } from '@/api/get-me';
import { logout } from '@/api/logout';
import { ApiError, onSessionEvent } from '@/lib/api';
import { type Session, SessionContext, type SessionStatus } from '@/lib/session';
import { clearToken, readToken, saveToken } from '@/lib/token';

type State = { status: SessionStatus; me: OperatorMe | null; notice: string | null };

function startState(initialMe: OperatorMe | null | undefined): State {
  if (initialMe) return { status: 'signedIn', me: initialMe, notice: null };
  if (initialMe === undefined && readToken()) return { status: 'loading', me: null, notice: null };
  return { status: 'signedOut', me: null, notice: null };
}

/**
 * Holds the signed-in operator. `initialMe` skips loading it (tests); null starts signed out.
 */
export function SessionProvider({ initialMe, children }: { initialMe?: OperatorMe | null; children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(() => startState(initialMe));
  const tRef = useRef(t);
  tRef.current = t;

  const refresh = useCallback(async (): Promise<OperatorMe | null> => {
    if (!readToken()) {
      setState({ status: 'signedOut', me: null, notice: null });
      return null;
    }
    try {
      const me = await getMe();
      setState({ status: 'signedIn', me, notice: null });
      return me;
    } catch (error) {
      // A 401 already ended the session through onSessionEvent.
      if (!(error instanceof ApiError && error.status === 401)) {
        setState((current) => (current.me ? current : { status: 'failed', me: null, notice: null }));
      }
      return null;
    }
  }, []);

  const signIn = useCallback(
    async (token: string): Promise<OperatorMe> => {
      queryClient.clear();
      saveToken(token);
      const me = await getMe();
      setState({ status: 'signedIn', me, notice: null });
      return me;
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // Signed out here all the same; the token ends with its time limit on the server.
    }
    clearToken();
    queryClient.clear();
    setState({ status: 'signedOut', me: null, notice: null });
  }, [queryClient]);

  // Only the first state can be 'loading': a kept token is checked once on start.
  useEffect(() => {
    if (state.status === 'loading') void refresh();
  }, [state.status, refresh]);

  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event === 'signedOut') {
          queryClient.clear();
          setState({ status: 'signedOut', me: null, notice: tRef.current('common:signedOut') });
        } else {
          void refresh();
        }
      }),
    [queryClient, refresh],
  );

  const session = useMemo<Session>(() => ({ ...state, signIn, signOut, refresh }), [state, signIn, signOut, refresh]);
  return <SessionContext value={session}>{children}</SessionContext>;
}
