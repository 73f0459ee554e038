import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { SetupPage } from '../features/auth/setup-page.tsx';
import { ConsoleShell } from './console-shell.tsx';
import { NotFound, PageFrame, RequireSession } from './guards.tsx';
import { pageRoutes } from './routes.tsx';

/** Sign-in and setup, then the console's pages inside the shell. */
export function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/setup" element={<SetupPage />} />
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
