import type { MarketTrend } from '@minecloud/contract/market';
import { useTranslation } from 'react-i18next';
import { SimulatedBadge } from '@/components/simulated-badge';
import { formatLocalTime } from '@/lib/format-time';
import './trend-summary.css';

/** How many coins rose, fell and stayed flat over 24 hours, where the prices come from, and when. */
export function TrendSummary({ trend }: { trend: MarketTrend }) {
  const { t } = useTranslation();
  return (
    <section className="trend-summary" aria-labelledby="trend-summary-title" data-testid="trend-summary">
      <header className="trend-summary__head">
        <h2 id="trend-summary-title" className="trend-summary__title">
          {t('marketOverview')}
        </h2>
        <SimulatedBadge source={trend.source} />
      </header>
      <dl className="trend-summary__counts">
        <div data-direction="up">
          <dt>{t('marketRising')}</dt>
          <dd data-testid="trend-rising">{trend.rising}</dd>
        </div>
        <div data-direction="flat">
          <dt>{t('marketUnchanged')}</dt>
          <dd data-testid="trend-unchanged">{trend.unchanged}</dd>
        </div>
        <div data-direction="down">
          <dt>{t('marketFalling')}</dt>
          <dd data-testid="trend-falling">{trend.falling}</dd>
        </div>
      </dl>
      <p className="trend-summary__meta" data-testid="trend-as-of">
        {trend.asOf ? t('marketAsOf', { time: formatLocalTime(trend.asOf) }) : t('marketNoFeedYet')}
      </p>
      {trend.source === 'simulated' && (
        <p className="trend-summary__note" data-testid="trend-simulated-note">
          {t('marketSimulatedHint')}
        </p>
      )}
    </section>
  );
}
