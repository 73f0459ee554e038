import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ConsoleShell } from './console-shell';
import { LazyPage, NotFound, PageFrame, RequireSession } from './guards';
import { pageRoutes } from './routes';

// Lazy like the console's pages: statically imported, their forms, steps, QR code and passkey table
// were part of what every route loads before its first render.
const LoginPage = lazy(() => import('@/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const SetupPage = lazy(() => import('@/features/auth/pages/setup-page').then((m) => ({ default: m.SetupPage })));

/** Sign-in and setup, then the console's pages inside the shell. */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LazyPage page={LoginPage} path="/login" />} />
      <Route path="/setup" element={<LazyPage page={SetupPage} path="/setup" />} />
      <Route
        element={
          <RequireSession>
            <ConsoleShell />
          </RequireSession>
        }
      >
        {pageRoutes.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={<PageFrame access={route.access} page={route.page} path={route.path} />}
          />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
