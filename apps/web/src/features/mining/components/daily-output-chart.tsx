import { useTranslation } from 'react-i18next';
import { DayBarsChart } from '@/components/day-bars-chart';
import type { DayAmount } from '@/lib/day-bars';
import { useMoneyText } from '@/lib/money-text';
import type { DailyOutput } from '../api/get-daily-output';
import type { OutputEstimate } from '../lib/output-estimate';

/**
 * The member's BTC output per day as bars. While no day has settled, `estimate` adds today's
 * estimate as a last, outlined bar, labelled as one.
 */
export function DailyOutputChart({ days, estimate }: { days: DailyOutput[]; estimate?: OutputEstimate | null }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const btc = (value: string) => money(value, 'BTC');
  const bars: DayAmount[] = days.map((day) => ({ day: day.day, amount: day.btc }));
  if (estimate) bars.push({ day: estimate.day, amount: estimate.btc, estimate: true });
  return (
    <DayBarsChart
      days={bars}
      asset="BTC"
      testId="output-chart"
      barTestId="output-bar"
      title={t('outputChartTitle', { n: days.length })}
      describe={(layout) =>
        estimate
          ? t('outputChartEstimateSummary', { n: days.length, s: btc(estimate.btc), d: estimate.day })
          : t('outputChartSummary', {
              n: days.length,
              s: btc(layout.total),
              m: btc(layout.peak.amount),
              d: layout.peak.day,
            })
      }
      estimateLabel={t('outputChartEstimate')}
      empty={
        <p className="day-bars__empty" data-testid="output-chart-empty">
          {t('outputChartEmpty')}
        </p>
      }
    />
  );
}
