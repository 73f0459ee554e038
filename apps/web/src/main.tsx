import { localeFromLanguage } from '@minecloud/contract/locales';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchEarlyBasicConfig } from './app/early-config';
import { firstLaunchPath } from './app/first-launch';
import { prepareFirstRoute } from './app/first-route';
import { RESIZE_THROTTLE_MS } from './config/durations';
import { initI18n } from './i18n/i18n';
import { preloadWhenIdle } from './lib/lazy-overlay';
import { createQueryClient } from './lib/query-client';
import { measureDevice, useSession } from './lib/session';
import { throttle } from './lib/throttle';
import { preloadOverlays } from './lib/toast';
import { yieldToBrowser } from './lib/yield';
import { captureInstallPrompt } from './pwa/install-prompt';
import './styles/global.css';

/** Window height and the top safe-area inset are recorded 100 ms after start. */
const DEVICE_INFO_DELAY_MS = 100;
/** The toast and dialog code is fetched this long after start, when idle. */
const OVERLAYS_DELAY_MS = 5000;

async function start(): Promise<void> {
  // The browser's offer to install comes soon after load: kept for the home page's install card.
  captureInstallPrompt();
  // The app's modules were evaluated in this task (one task for the entry and its chunks): its own
  // start begins in the next, so that neither is long enough to hold up a tap.
  await yieldToBrowser();
  const session = useSession.getState();
  // The interface follows the stored language (zh_CN style); localType is derived from it.
  const locale = localeFromLanguage(session.language);
  session.setLocale(locale);
  // Home's banners come from the basic config: index.html asked for it already (else ask now).
  const queryClient = createQueryClient();
  prefetchEarlyBasicConfig(queryClient);
  // The app's code was evaluated in this task; the texts, then the first route's page, are each
  // evaluated in a task of their own (three long tasks would otherwise be one).
  await yieldToBrowser();
  const texts = initI18n(locale);
  await yieldToBrowser();
  // The first launch at the app's entry opens the startup page first (it then opens home).
  const entry = window.location.hash.slice(1).split('?')[0] || '/';
  const path = firstLaunchPath(entry);
  if (path !== entry) window.location.replace(`#${path}`);
  // The first route's page and data come while the texts load (index.html asked for both already).
  const firstRoute = prepareFirstRoute(queryClient, path);
  await Promise.all([texts, firstRoute]);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // The static shell is on screen already: the first render may yield to the browser between
  // components (a transition) rather than hold the main thread for the whole tree at once.
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
  setTimeout(() => useSession.getState().setDevice(measureDevice()), DEVICE_INFO_DELAY_MS);
  // The window's size follows a resize (a phone turned, a keyboard), read at most every 50 ms.
  window.addEventListener(
    'resize',
    throttle(() => useSession.getState().setDevice(measureDevice()), RESIZE_THROTTLE_MS),
  );
  // Toast and dialog code is not needed for the first screen; fetch it once the page has started
  // and is idle (a toast wanted sooner fetches it then).
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(preloadOverlays, { timeout: 3000 });
    else preloadOverlays();
  }, OVERLAYS_DELAY_MS);
  // The service worker (installable app, shell offline): registered once the page has loaded and
  // is idle, so its download of the app's files never competes with the first screen.
  if (import.meta.env.PROD) preloadWhenIdle(() => import('./pwa/register').then((pwa) => pwa.startServiceWorker()));
  // The live stream: its code and connection wait for the page to be idle as well; until
  // then, and whenever it is cut, the pages poll.
  preloadWhenIdle(() => import('./api/live-stream').then((stream) => stream.startLiveStream(queryClient)));
}

void start();
