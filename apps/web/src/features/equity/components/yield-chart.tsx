import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DayBarsChart } from '@/components/day-bars-chart';
import { ErrorState } from '@/components/error-state';
import { useMoneyText } from '@/lib/money-text';
import { useDailyYield, YIELD_CHART_DAYS } from '../api/get-daily-yield';
import './yield-chart.css';

/**
 * The member's equity dividends over the last 30 settled days, as bars of their worth in USDT (the
 * BTC part at the price it was paid at); the shown day's U and BTC above.
 */
export function YieldChart() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const usdt = (value: string) => money(value, 'USDT');
  const dividends = useDailyYield(YIELD_CHART_DAYS);
  const days = dividends.data ?? [];
  const byDay = new Map(days.map((day) => [day.day, day]));
  return (
    <section className="yield-chart" aria-labelledby="yield-chart-title">
      <h2 id="yield-chart-title" className="yield-chart__title">
        {t('equityYieldChartHeading', { n: YIELD_CHART_DAYS })}
      </h2>
      {dividends.isPending ? (
        <Skeleton animated className="yield-chart__skeleton" />
      ) : dividends.isError ? (
        <ErrorState
          message={t('equityYieldChartFailed')}
          onRetry={() => void dividends.refetch()}
          testId="yield-chart-error"
        />
      ) : (
        <>
          <DayBarsChart
            days={days.map((day) => ({ day: day.day, amount: day.value }))}
            asset="USDT"
            testId="yield-chart"
            barTestId="yield-bar"
            title={t('equityYieldChartTitle', { n: days.length, usdt: 'USDT' })}
            describe={(layout) =>
              t('equityYieldChartSummary', {
                n: days.length,
                usdt: 'USDT',
                s: usdt(layout.total),
                m: usdt(layout.peak.amount),
                d: layout.peak.day,
              })
            }
            detail={(bar) => {
              const day = byDay.get(bar.day);
              return `${usdt(day?.usdt ?? '0')} USDT + ${money(day?.btc ?? '0', 'BTC')} BTC`;
            }}
            empty={
              <p className="day-bars__empty" data-testid="yield-chart-empty">
                {t('equityYieldChartEmpty')}
              </p>
            }
          />
          <p className="yield-chart__note">{t('equityYieldChartNote', { usdt: 'USDT' })}</p>
        </>
      )}
    </section>
  );
}
