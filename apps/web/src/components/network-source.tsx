import { useTranslation } from 'react-i18next';
import './simulated-badge.css';
import './network-source.css';

/**
 * Where a network day's blocks came from: the demo's simulated chain is said to be one wherever its
 * figures show, as the simulated market is (simulated-badge.tsx); a Bitcoin node is named as such.
 */
export function NetworkSource({ source, testId }: { source: 'node' | 'simulated'; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="network-source" data-testid={testId} data-source={source}>
      <span>{t('networkSource')}</span>
      {source === 'simulated' ? (
        <span className="simulated-badge" title={t('networkSourceSimulatedHint')}>
          {t('networkSourceSimulated')}
        </span>
      ) : (
        <strong>{t('networkSourceNode')}</strong>
      )}
    </p>
  );
}
