import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { SimulatedBadge } from '@/components/simulated-badge';
import { sourceOf } from '@/lib/market-source';
import { useChainCoins } from '../api/get-coin-list';
import { CoinCard } from '../components/coin-card';
import './market-pages.css';

/** The public chain zone: each public chain's own coin with its latest price and 24 h change. */
export default function ChainZonePage() {
  const { t } = useTranslation();
  const coins = useChainCoins();
  if (!coins.data) {
    if (coins.isPending) {
      return (
        <div className="market-page__loading" data-testid="chain-zone-loading">
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    }
    return (
      <ErrorState message={t('marketLoadFailed')} onRetry={() => void coins.refetch()} testId="chain-zone-error" />
    );
  }
  const { list } = coins.data;
  return (
    <div className="market-page">
      <p className="market-page__head">
        {t('marketChainZoneNote')}
        <SimulatedBadge source={sourceOf(list)} />
      </p>
      {list.length === 0 ? (
        <p className="market-page__empty" data-testid="chain-zone-empty">
          {t('marketEmpty')}
        </p>
      ) : (
        <div className="chain-zone__grid" data-testid="chain-zone">
          {list.map((coin) => (
            <CoinCard key={coin.symbol} coin={coin} />
          ))}
        </div>
      )}
    </div>
  );
}
