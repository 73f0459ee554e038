import { useTranslation } from 'react-i18next';
import { useLive } from '@/lib/live';
import { useSimulatedShown } from '@/lib/simulated-shown';
import './live-marker.css';

/**
 * Shown only while the live stream is connected, naming what is live: the updates (balances,
 * withdrawals, notifications, prices) that come by themselves. Beside a 模拟行情 badge it names the
 * simulated feed, so that it never reads as a live market.
 */
export function LiveMarker() {
  const { t } = useTranslation();
  const live = useLive((state) => state.live);
  const simulated = useSimulatedShown((state) => state.count > 0);
  if (!live) return null;
  return (
    <span
      className="live-marker"
      title={t(simulated ? 'liveMarkerSimulatedHint' : 'liveMarkerHint')}
      data-testid="live-marker"
      data-simulated={simulated}
    >
      <span className="live-marker__dot" aria-hidden="true" />
      {t(simulated ? 'liveMarkerSimulated' : 'liveMarker')}
    </span>
  );
}
