import { KLINE_SPANS, type KlineSpanUnit } from '@minecloud/contract/market';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoinDetail } from '@/api/get-coin-detail';
import { ErrorState } from '@/components/error-state';
import { TabSwitch } from '@/components/tab-switch';
import { apiErrorText } from '@/lib/api-error-text';
import { promptDialog } from '@/lib/dialog';
import { useKline } from '../api/get-kline';
import { CoinHeader } from '../components/coin-header';
import { KlineChart } from '../components/kline-chart';
import {
  KLINE_TABS,
  type KlineTab,
  klineTabOf,
  limitOfSpan,
  limitParam,
  RANGE_PATTERN,
  symbolParam,
} from '../lib/kline-intervals';
import './kline-page.css';

/** The range button's text, and the prompt's question, in the unit the tab's range is counted in. */
const SPAN = {
  minutes: 'marketKlineSpanMinutes',
  hours: 'marketKlineSpanHours',
  days: 'marketKlineSpanDays',
  weeks: 'marketKlineSpanWeeks',
  months: 'marketKlineSpanMonths',
} as const satisfies Record<KlineSpanUnit, string>;
const ASK = {
  minutes: 'marketKlineAskMinutes',
  hours: 'marketKlineAskHours',
  days: 'marketKlineAskDays',
  weeks: 'marketKlineAskWeeks',
  months: 'marketKlineAskMonths',
} as const satisfies Record<KlineSpanUnit, string>;

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

function KlinePanel({ symbol, tab, limit }: { symbol: string; tab: KlineTab; limit: number }) {
  const { t } = useTranslation();
  const kline = useKline(symbol, tab.interval, limit);
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
  const limit = limitParam(params.get('limit'), tab);
  const { unit, per } = KLINE_SPANS[tab.interval];
  const span = limit * per;
  const askRange = async () => {
    const entered = await promptDialog({
      title: t(ASK[unit]),
      initial: String(span),
      pattern: RANGE_PATTERN,
      inputMode: 'numeric',
      maxLength: 6,
      confirmText: t('confirm'),
      cancelText: t('cancel'),
      invalidText: t('dataInvalid'),
    });
    if (entered === null) return;
    setParams(
      { symbol, interval: tab.interval, limit: String(limitOfSpan(Number(entered), tab.interval)) },
      { replace: true },
    );
  };
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
        <KlinePanel key={`${symbol}-${tab.interval}-${limit}`} symbol={symbol} tab={tab} limit={limit} />
        <div className="kline-page__footer">
          <p className="kline-page__note">{t('marketKlineUtcNote')}</p>
          <button type="button" className="kline-page__range" onClick={() => void askRange()} data-testid="kline-range">
            {t('marketKlineRange')} · {t(SPAN[unit], { count: span })}
          </button>
        </div>
      </section>
    </div>
  );
}
