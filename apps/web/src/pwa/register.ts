import { Workbox } from 'workbox-window';
import { i18n } from '@/i18n/i18n';
import { confirmDialog } from '@/lib/dialog';

/**
 * Registers the service worker (dist/sw.js, built by vite-plugin-pwa). When a newer version has
 * installed and waits, the member is asked once whether to switch now; yes activates it and reloads
 * the page on the new version, no keeps this one until the app is next opened.
 */
export function startServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): void {
  if (!container) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => void offerUpdate(workbox, reload));
  workbox.register().catch(() => undefined);
}

async function offerUpdate(workbox: Workbox, reload: () => void): Promise<void> {
  const now = await confirmDialog({
    content: i18n.t('updateAvailable'),
    confirmText: i18n.t('updateNow'),
    cancelText: i18n.t('updateLater'),
  });
  if (!now) return;
  workbox.addEventListener('controlling', reload);
  workbox.messageSkipWaiting();
}
