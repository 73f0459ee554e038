import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { closeConfirms } from '@/lib/dialog';
import { OfflinePage, useOffline } from '@/pwa/offline-page';
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
  // With the network cut the shell still opens (the service worker keeps it); its pages could only
  // fail, so the offline page stands in for them until the link is back.
  const offline = useOffline();
  return <div className="app-shell">{offline ? <OfflinePage /> : <Outlet />}</div>;
}

export function TabLayout() {
  return (
    <>
      <Outlet />
      <TabBar />
    </>
  );
}
