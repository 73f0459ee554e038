import { Skeleton } from 'antd-mobile';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { SimulatedBadge } from '@/components/simulated-badge';
import { paths } from '@/config/paths';
import { sourceOf } from '@/lib/market-source';
import { useAppNavigate } from '@/lib/navigation';
import { useTopCoins } from '../api/get-coin-list';
import { CoinRow } from './coin-row';
import './home-market.css';

/**
 * The market on the home tab, as exchange apps lead with it: the top coins with their latest price
 * and 24 h change, refreshed live (the stream's price events, else every 30 s), each opening its
 * candlestick page; and the way to every coin. No chart code: the home's first load stays light.
 */
export function HomeMarket() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  // The answer renders in a transition, time-sliced: see components/paged-list.tsx.
  const coins = useDeferredValue(useTopCoins());
  const list = coins.data?.list ?? [];
  // A feed that fails leaves the home as it was, without an error box above the rest.
  if (coins.isError && !coins.data) return null;
  return (
    <section className="home-market" aria-labelledby="home-market-title" data-testid="home-market">
      <div className="home-market__head">
        <h2 id="home-market-title" className="home-market__title">
          {t('homeMarketTitle')}
        </h2>
        <SimulatedBadge source={sourceOf(list)} />
        <button
          type="button"
          className="plain-button home-market__more"
          onClick={() => go(paths.coinList.href())}
          data-testid="home-market-more"
        >
          {t('homeMarketMore')}
        </button>
      </div>
      {coins.data ? (
        <ul className="ruled-list" data-testid="home-market-list">
          {list.map((coin) => (
            <li key={coin.symbol}>
              <CoinRow coin={coin} detail={coin.name} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="home-market__loading" data-testid="home-market-loading">
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      )}
    </section>
  );
}
