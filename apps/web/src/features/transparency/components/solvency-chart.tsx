import type { OnChainAsset, SolvencyDay } from '@minecloud/contract/solvency';
import { useTranslation } from 'react-i18next';
import { chartBox, DayBarsFigure } from '@/components/day-bars-chart';
import { layOutRatioChart } from '../lib/solvency-chart';

/** Less room above than the liabilities chart: no value on the scale, the caption says the figure. */
const SOLVENCY_BOX = chartBox(120, { top: 8, height: 88 }, 4, 6);

/**
 * One asset's reserves ÷ liabilities per day as bars, with a dashed line at 1: a bar below it, in
 * the danger colour, is a day the reserves fell short. The list below the charts has every figure
 * as text.
 */
export function SolvencyChart({ asset, list }: { asset: OnChainAsset; list: SolvencyDay[] }) {
  const { t } = useTranslation();
  const layout = layOutRatioChart(list, asset, SOLVENCY_BOX.plot);
  if (!layout) return null;
  return (
    <DayBarsFigure
      bars={layout.bars}
      box={SOLVENCY_BOX}
      compact
      title={t('transparencySolvencyChartTitle', { n: layout.bars.length, asset })}
      caption={(bar) => (
        <>
          <span>{asset}</span>
          <span className={bar.covered === false ? 'solvency-chart__below' : undefined}>
            {bar.day} · {bar.ratio ?? '—'}
            {bar.covered === false ? ` · ${t('transparencySolvencyBelowOneShort')}` : ''}
          </span>
        </>
      )}
      barTitle={(bar) => `${bar.day}: ${bar.ratio ?? '—'}`}
      danger={(bar) => bar.covered === false}
      reference={{ y: layout.oneY, label: '1' }}
      testId="solvency-chart"
      figureTestId={`solvency-chart-${asset}`}
      barTestId="solvency-bar"
    />
  );
}
