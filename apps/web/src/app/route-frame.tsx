import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { NavBar } from '@/components/nav-bar';
import { type AppRoute, paths } from '@/config/paths';
import { useIsLoggedIn } from '@/lib/session';
import { sessionEndSettled, useSessionEnd } from '@/lib/session-end';
import { PageErrorBoundary } from './page-error-boundary';

type RouteFrameProps = {
  route: AppRoute;
  children: ReactNode;
  navRight?: ReactNode;
};

/**
 * What every page shares: the login guard, the nav bar with the page's title, and a per-route
 * error boundary around the page.
 */
export function RouteFrame({ route, children, navRight }: RouteFrameProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const isLoggedIn = useIsLoggedIn();
  const relaunching = useSessionEnd((state) => state.relaunching);
  const title = route.titleKey ? t(route.titleKey) : null;

  useEffect(() => {
    if (relaunching && !route.private) sessionEndSettled();
  }, [relaunching, route.private]);

  useEffect(() => {
    const appName = t('appName');
    document.title = title && title !== appName ? `${title} · ${appName}` : appName;
  }, [t, title]);

  if (route.private && !isLoggedIn) {
    // A 401 ended the session and home is on its way: not the login page.
    if (relaunching) return null;
    const redirect = `${location.pathname}${location.search}`;
    return <Navigate replace to={paths.login.href({ redirect })} />;
  }

  return (
    <>
      <NavBar title={title} showBack={!route.tab} right={navRight} />
      <main className={route.tab ? 'page-body page-body--tab' : 'page-body'}>
        <PageErrorBoundary resetKey={location.pathname}>{children}</PageErrorBoundary>
      </main>
    </>
  );
}
