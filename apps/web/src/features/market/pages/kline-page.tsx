import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoinDetail } from '@/api/get-coin-detail';
import { ErrorState } from '@/components/error-state';
import { TabSwitch } from '@/components/tab-switch';
import { apiErrorText } from '@/lib/api-error-text';
import { useKline } from '../api/get-kline';
import { CoinHeader } from '../components/coin-header';
import { KlineChart } from '../components/kline-chart';
import { KLINE_TABS, type KlineTab, klineTabOf, symbolParam } from '../lib/kline-intervals';
import './kline-page.css';

function CoinSummary({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const detail = useCoinDetail(symbol);
  if (detail.data) return <CoinHeader coin={detail.data} />;
  if (detail.isPending) {
    return (
      <div data-testid="coin-header-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  return (
    <ErrorState
      message={`${t('marketCoinLoadFailed')} ${apiErrorText(detail.error)}`}
      onRetry={() => void detail.refetch()}
      testId="coin-header-error"
    />
  );
}

function KlinePanel({ symbol, tab }: { symbol: string; tab: KlineTab }) {
  const { t } = useTranslation();
  const kline = useKline(symbol, tab.interval, tab.limit);
  if (!kline.data) {
    if (kline.isPending) return <Skeleton animated className="kline-page__skeleton" data-testid="kline-loading" />;
    // The server's own words: a refused range says how many days, weeks or months may be asked for.
    return <ErrorState message={apiErrorText(kline.error)} onRetry={() => void kline.refetch()} testId="kline-error" />;
  }
  if (kline.data.list.length === 0) {
    return (
      <p className="kline-page__empty" data-testid="kline-empty">
        {t('marketKlineEmpty')}
      </p>
    );
  }
  return <KlineChart interval={tab.interval} list={kline.data.list} />;
}

/** The candlestick chart of one coin (query `symbol`, default BTCUSDT), from 1-minute to monthly candles. */
export default function KlinePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = symbolParam(params.get('symbol'));
  const tab = klineTabOf(params.get('interval'));
  return (
    <div className="kline-page">
      <CoinSummary symbol={symbol} />
      <section className="kline-page__chart-card">
        <TabSwitch
          options={KLINE_TABS.map((option) => ({ value: option.interval, label: t(option.labelKey) }))}
          value={tab.interval}
          onChange={(interval) => setParams({ symbol, interval }, { replace: true })}
          label={t('marketKlineTabs')}
          testIdPrefix="kline-tab"
        />
        <KlinePanel key={`${symbol}-${tab.interval}`} symbol={symbol} tab={tab} />
        <p className="kline-page__note">{t('marketKlineUtcNote')}</p>
      </section>
    </div>
  );
}
