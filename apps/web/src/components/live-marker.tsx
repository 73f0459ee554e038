import { useTranslation } from 'react-i18next';
import { useLive } from '@/lib/live';
import './live-marker.css';

/** "Live", only while the live stream is connected: what the app shows then updates by itself. */
export function LiveMarker() {
  const { t } = useTranslation();
  const live = useLive((state) => state.live);
  if (!live) return null;
  return (
    <span className="live-marker" title={t('liveMarkerHint')} data-testid="live-marker">
      <span className="live-marker__dot" aria-hidden="true" />
      {t('liveMarker')}
    </span>
  );
}
