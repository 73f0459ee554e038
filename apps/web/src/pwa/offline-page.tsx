import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import './offline-page.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has no network (it says so at once when the link is cut). */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
}

/** What the app shows with the network cut: its shell opened from the service worker, and this. */
export function OfflinePage() {
  const { t } = useTranslation();
  return (
    <section className="offline-page" role="alert" data-testid="offline-page">
      <Icon name="wallet" size={40} />
      <h2 className="offline-page__title">{t('offlineTitle')}</h2>
      <p className="offline-page__text">{t('offlineText')}</p>
      <button
        type="button"
        className="offline-page__retry"
        onClick={() => window.location.reload()}
        data-testid="offline-retry"
      >
        {t('offlineRetry')}
      </button>
    </section>
  );
}
