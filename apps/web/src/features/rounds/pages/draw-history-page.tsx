import type { Round } from '@minecloud/contract/market';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { SimulatedBadge } from '@/components/simulated-badge';
import { TabSwitch } from '@/components/tab-switch';
import { sourceOf } from '@/lib/market-source';
import { type RoundPeriod, useRounds } from '../api/get-rounds';
import { RoundCheckSheet } from '../components/round-check-sheet';
import { RoundRow } from '../components/round-row';
import './draw-history-page.css';

const PERIOD_TABS = ['1', '3'] as const;

function RoundList({ period }: { period: RoundPeriod }) {
  const { t } = useTranslation();
  const rounds = useRounds(period);
  const rows = rounds.data?.pages.flatMap((page) => page.list) ?? [];
  // The last round tapped stays while the sheet closes, so its content does not vanish mid-animation.
  const [checking, setChecking] = useState<Round | null>(null);
  const [open, setOpen] = useState(false);
  const check = (round: Round) => {
    setChecking(round);
    setOpen(true);
  };
  return (
    <>
      <SimulatedBadge source={sourceOf(rows)} />
      <PagedList
        query={rounds}
        itemKey={(round) => `${round.symbol}-${round.periodNo}`}
        renderItem={(round) => <RoundRow round={round} onCheck={check} />}
        label={t('roundsListLabel', { n: period })}
        emptyText={t('roundsEmpty')}
        failedText={t('roundsLoadFailed')}
        testId="round-list"
      />
      <RoundCheckSheet round={checking} visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Historical up/down rounds of 1 and 3 minutes, each with the open and close prices that decide it. */
export default function DrawHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('period') === '3' ? '3' : '1';
  const period: RoundPeriod = tab === '3' ? 3 : 1;
  return (
    <div className="draw-history">
      <TabSwitch
        options={PERIOD_TABS.map((value) => ({ value, label: t('roundsPeriodTab', { n: Number(value) }) }))}
        value={tab}
        onChange={(value) => setParams({ period: value }, { replace: true })}
        label={t('titleDrawHistory')}
        testIdPrefix="round-tab"
      />
      <p className="draw-history__rule" data-testid="rounds-rule">
        {t('roundsRule')}
      </p>
      <RoundList key={period} period={period} />
    </div>
  );
}
