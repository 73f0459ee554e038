import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { SimulatedBadge } from '@/components/simulated-badge';
import { sourceOf } from '@/lib/market-source';
import { volumeText } from '@/lib/price-text';
import { useCoinPages } from '../api/get-coin-list';
import { CoinRow } from '../components/coin-row';
import './market-pages.css';

/** The public chain list: every coin, page by page, with its latest price, 24 h change and 24 h volume. */
export default function ChainListPage() {
  const { t } = useTranslation();
  const coins = useCoinPages();
  const rows = coins.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <div className="market-page">
      {sourceOf(rows) === 'simulated' && (
        <p className="market-page__head">
          {t('marketSimulatedHint')}
          <SimulatedBadge source="simulated" />
        </p>
      )}
      <div className="market-page__columns" aria-hidden="true">
        <span>{t('marketColumnName')}</span>
        <span>{t('marketColumnPrice')}</span>
        <span>{t('marketColumnChange')}</span>
      </div>
      <PagedList
        query={coins}
        itemKey={(coin) => coin.symbol}
        renderItem={(coin) => (
          <CoinRow coin={coin} detail={t('marketVolumeShort', { volume: volumeText(coin.volume24h) })} />
        )}
        label={t('titleChainList')}
        emptyText={t('marketEmpty')}
        failedText={t('marketLoadFailed')}
        testId="coin-list"
      />
    </div>
  );
}
