import type { MarketSource } from '@minecloud/contract/market';
import { useTranslation } from 'react-i18next';
import './simulated-badge.css';

/**
 * 模拟行情: shown wherever prices come from the built-in simulated feed rather than an exchange,
 * so nobody takes them for the real market. Renders nothing for exchange data.
 */
export function SimulatedBadge({ source }: { source: MarketSource | null | undefined }) {
  const { t } = useTranslation();
  if (source !== 'simulated') return null;
  return (
    <span className="simulated-badge" title={t('marketSimulatedHint')} data-testid="simulated-badge">
      {t('marketSimulated')}
    </span>
  );
}
