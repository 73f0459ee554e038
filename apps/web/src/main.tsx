import { localeFromLanguage } from '@minecloud/contract/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchBasicConfig } from './api/get-basic-config';
import { App } from './app/app';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { measureDevice, useSession } from './lib/session';
import { preloadOverlays } from './lib/toast';
import './styles/global.css';

/** Spec point 4: window height and the top safe-area inset are recorded 100 ms after start. */
const DEVICE_INFO_DELAY_MS = 100;

async function start(): Promise<void> {
  const session = useSession.getState();
  // The interface follows the stored language (zh_CN style); localType is derived from it.
  const locale = localeFromLanguage(session.language);
  session.setLocale(locale);
  // Home's banners come from the basic config: ask for it now, not after the messages and the render.
  const queryClient = createQueryClient();
  prefetchBasicConfig(queryClient);
  await initI18n(locale);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
  setTimeout(() => useSession.getState().setDevice(measureDevice()), DEVICE_INFO_DELAY_MS);
  // Toast and dialog code is not needed for the first paint; fetch it once the page is idle.
  if ('requestIdleCallback' in window) window.requestIdleCallback(preloadOverlays, { timeout: 3000 });
  else setTimeout(preloadOverlays, 1500);
}

void start();
