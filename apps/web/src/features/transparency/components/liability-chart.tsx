import type { Asset } from '@minecloud/contract/amount';
import type { LiabilityRoot } from '@minecloud/contract/transparency';
import { useTranslation } from 'react-i18next';
import { chartBox, DayBarsFigure } from '@/components/day-bars-chart';
import { layOutLiabilityChart } from '../lib/liability-chart';
import { useAmountText, useAssetLabel, useExactText } from './asset-label';

/** Room above for the top value, below for the first and last day. */
const LIABILITY_BOX = chartBox(132, { top: 16, height: 92 }, 4, 6);

/** One asset's published total per day as bars; the caption shows the tapped day's exact total. */
export function LiabilityChart({ asset, roots }: { asset: Asset; roots: LiabilityRoot[] }) {
  const { t } = useTranslation();
  const amountText = useAmountText();
  const label = useAssetLabel();
  const exact = useExactText();
  const layout = layOutLiabilityChart(roots, LIABILITY_BOX.plot);
  if (!layout) return null;
  const totalText = (total: string) => `${exact(total)} ${label(asset)}`;
  return (
    <DayBarsFigure
      bars={layout.bars}
      box={LIABILITY_BOX}
      compact
      title={t('transparencyChartTitle', { n: layout.bars.length, asset: label(asset) })}
      caption={(bar) => (
        <>
          <span>{bar.day}</span>
          <strong>{totalText(bar.total)}</strong>
        </>
      )}
      barTitle={(bar) => `${bar.day}: ${totalText(bar.total)}`}
      scale={{ top: amountText(layout.top.total, asset) }}
      testId="liability-chart"
      figureTestId={`liability-chart-${asset}`}
      barTestId="liability-bar"
    />
  );
}
