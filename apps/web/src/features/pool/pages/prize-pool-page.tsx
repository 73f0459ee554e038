import { Skeleton } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useIsLoggedIn } from '@/lib/session';
import { usePoolCurrent } from '../api/get-pool-current';
import { usePoolHistory } from '../api/get-pool-history';
import { ForgeSheet } from '../components/forge-sheet';
import { PoolHero } from '../components/pool-hero';
import { PoolRanking } from '../components/pool-ranking';
import { PoolRoundCard } from '../components/pool-round-card';
import { PoolRules } from '../components/pool-rules';
import './prize-pool-page.css';

type PoolTab = 'current' | 'history';
const TABS: PoolTab[] = ['current', 'history'];

function CurrentRound() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const location = useLocation();
  const isLoggedIn = useIsLoggedIn();
  const current = usePoolCurrent();
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  const { refetch } = current;
  // The round is over: fetch it again, so the next round (or the settlement under way) shows.
  const onEnded = useCallback(() => void refetch(), [refetch]);

  if (!current.data) {
    if (current.isPending) {
      return (
        <div className="pool-page__section" data-testid="pool-loading">
          <Skeleton animated className="pool-page__skeleton" />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      );
    }
    return <ErrorState message={t('poolLoadFailed')} onRetry={() => void current.refetch()} testId="pool-error" />;
  }

  const startForge = () => {
    if (!isLoggedIn) {
      go(paths.login.href({ redirect: `${location.pathname}${location.search}` }));
      return;
    }
    setOpening((previous) => previous + 1);
    setOpen(true);
  };
  const pool = current.data;
  return (
    <div className="pool-page__section">
      <PoolHero pool={pool} onForge={startForge} onEnded={onEnded} />
      <PoolRules pool={pool} />
      <PoolRanking pool={pool} />
      {isLoggedIn && opening > 0 && (
        <ForgeSheet pool={pool} formKey={opening} visible={open} onClose={() => setOpen(false)} />
      )}
    </div>
  );
}

function RoundHistory() {
  const { t } = useTranslation();
  const history = usePoolHistory();
  return (
    <div className="pool-page__history">
      <PagedList
        query={history}
        itemKey={(round) => round.day}
        renderItem={(round) => <PoolRoundCard round={round} />}
        label={t('poolHistory')}
        emptyText={t('poolHistoryEmpty')}
        failedText={t('poolHistoryFailed')}
        testId="pool-history"
      />
    </div>
  );
}

/** The prize pool: this round (pool, countdown, ranking, forging) and the settled rounds with their payouts. */
export default function PrizePoolPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: PoolTab = params.get('tab') === 'history' ? 'history' : 'current';
  return (
    <div className="pool-page">
      <TabSwitch
        options={TABS.map((value) => ({ value, label: t(value === 'current' ? 'poolThisRound' : 'poolHistory') }))}
        value={tab}
        onChange={(value) => setParams({ tab: value }, { replace: true })}
        label={t('titlePrizePool')}
        testIdPrefix="pool-tab"
      />
      {tab === 'current' ? <CurrentRound /> : <RoundHistory />}
    </div>
  );
}
