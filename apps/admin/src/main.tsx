import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app.tsx';
import { ConsoleRoutes } from './app/console-routes.tsx';
import { currentLanguage } from './i18n/index.ts';
import { createQueryClient } from './lib/query-client.ts';

document.documentElement.lang = currentLanguage();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BrowserRouter basename="/admin">
      <AppProviders queryClient={createQueryClient()}>
        <ConsoleRoutes />
      </AppProviders>
    </BrowserRouter>,
  );
}
