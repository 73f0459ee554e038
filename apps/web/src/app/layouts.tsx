import { Outlet } from 'react-router';
import { TabBar } from './tab-bar';

export function RootLayout() {
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
