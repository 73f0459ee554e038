import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { closeConfirms } from '@/lib/dialog';
import { TabBar } from './tab-bar';

/**
 * A confirm lives outside the page (antd-mobile renders it in a root of its own), so it would
 * outlive a route change and could still move money from another page: it closes, as cancelled,
 * whenever the route changes. Sheets and pickers belong to their page and unmount with it.
 */
function useCloseConfirmsOnRouteChange(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key) closeConfirms();
  }, [key]);
}

export function RootLayout() {
  useCloseConfirmsOnRouteChange();
  return (
    <div className="app-shell">
      <Outlet />
    </div>
  );
}

export function TabLayout() {
  return (
    <>
      <Outlet />
      <TabBar />
    </>
  );
}
