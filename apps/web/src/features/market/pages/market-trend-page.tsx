import { Skeleton } from 'antd-mobile';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { type QuickLink, QuickLinks } from '@/components/quick-links';
import { paths } from '@/config/paths';
import type { FirstQuery } from '@/lib/first-data';
import { getMarketTrendQueryOptions, useMarketTrend } from '../api/get-market-trend';
import { CoinRow } from '../components/coin-row';
import { Sparkline } from '../components/sparkline';
import { TrendSummary } from '../components/trend-summary';
import './market-pages.css';

/** The ways from the market tab to the chain zone, the full list and the up/down rounds. */
const MARKET_LINKS: QuickLink[] = [
  { name: 'chain-zone', route: paths.chainList, icon: 'chain' },
  { name: 'chain-list', route: paths.coinList, icon: 'rank' },
  { name: 'draw-record', route: paths.drawRecord, icon: 'history' },
];

/**
 * The first screen's data, asked for before the app's first render when the app opens here (index.html
 * asked for it already, and may have painted its summary in the shell: the page then replaces it as it is).
 */
export function firstQueries(): FirstQuery[] {
  return [getMarketTrendQueryOptions()];
}

function TrendList() {
  const { t } = useTranslation();
  // Each answer (every few seconds while the market is open) renders in a transition, time-sliced:
  // see components/paged-list.tsx.
  const trend = useDeferredValue(useMarketTrend());
  if (!trend.data) {
    if (trend.isPending) {
      return (
        <div className="market-page__loading" data-testid="trend-loading">
          <Skeleton animated className="market-page__skeleton" />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    }
    return <ErrorState message={t('marketLoadFailed')} onRetry={() => void trend.refetch()} testId="trend-error" />;
  }
  const { list } = trend.data;
  return (
    <>
      <TrendSummary trend={trend.data} />
      <section className="market-page__card" aria-labelledby="trend-list-title">
        <h2 id="trend-list-title" className="market-page__card-title">
          {t('marketTrendList')}
        </h2>
        {list.length === 0 ? (
          <p className="market-page__empty" data-testid="trend-empty">
            {t('marketEmpty')}
          </p>
        ) : (
          <ul className="ruled-list" data-testid="trend-list">
            {list.map((coin) => (
              <li key={coin.symbol}>
                <CoinRow
                  coin={coin}
                  detail={coin.name}
                  middle={<Sparkline closes={coin.trend} pct={coin.change24hPct} />}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The market tab: how the coins moved over 24 hours, each with its trend line, and the ways to the other market pages. */
export default function MarketTrendPage() {
  const { t } = useTranslation();
  return (
    <div className="market-page">
      <QuickLinks links={MARKET_LINKS} label={t('titleMarketTrend')} testIdPrefix="market-link" />
      <TrendList />
    </div>
  );
}
