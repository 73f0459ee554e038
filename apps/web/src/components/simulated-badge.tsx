import type { MarketSource } from '@minecloud/contract/market';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showSimulated } from '@/lib/simulated-shown';
import './simulated-badge.css';

/**
 * 模拟行情: shown wherever prices come from the built-in simulated feed rather than an exchange,
 * so nobody takes them for the real market (the live marker then says it streams that feed).
 * Renders nothing for exchange data.
 */
export function SimulatedBadge({ source }: { source: MarketSource | null | undefined }) {
  const { t } = useTranslation();
  const simulated = source === 'simulated';
  useEffect(() => (simulated ? showSimulated() : undefined), [simulated]);
  if (!simulated) return null;
  return (
    <span className="simulated-badge" title={t('marketSimulatedHint')} data-testid="simulated-badge">
      {t('marketSimulated')}
    </span>
  );
}
