import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app';
import { ConsoleRoutes } from './app/console-routes';
import { currentLanguage } from './i18n';
import { createQueryClient } from './lib/query-client';

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
