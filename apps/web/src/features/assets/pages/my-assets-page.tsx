import { ASSETS } from '@minecloud/contract/amount';
import type { PullToRefreshProps } from 'antd-mobile';
import { PullToRefresh, Skeleton, SpinLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { useEarnings } from '@/api/get-earnings';
import { useUser } from '@/api/get-user';
import { ErrorState } from '@/components/error-state';
import { type QuickLink, QuickLinks } from '@/components/quick-links';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { AssetCard } from '../components/asset-card';
import { MemberIdCard } from '../components/member-id-card';
import './my-assets-page.css';

/** Spec point 9: pull-down refresh with range 150 and a 70 px head, in green. */
export const PULL_REFRESH_THRESHOLD = 150;
export const PULL_REFRESH_HEAD_HEIGHT = 70;

type PullStatus = Parameters<NonNullable<PullToRefreshProps['renderText']>>[0];

const ACTIONS: QuickLink[] = [
  { name: 'gift', route: paths.transform, icon: 'gift' },
  { name: 'top-up', route: paths.topUp, icon: 'topUp' },
  { name: 'donation', route: paths.donate, icon: 'heart' },
];

function PullText({ status, failed }: { status: PullStatus; failed: boolean }) {
  const { t } = useTranslation();
  switch (status) {
    case 'pulling':
      return <span>{t('pullToRefresh')}</span>;
    case 'canRelease':
      return <span>{t('releaseToRefresh')}</span>;
    case 'refreshing':
      return (
        <span className="my-assets__pull-busy">
          <SpinLoading color="currentColor" style={{ '--size': '18px' }} />
          {t('refreshing')}
        </span>
      );
    case 'complete':
      return <span>{t(failed ? 'refreshFailed' : 'refreshDone')}</span>;
  }
}

export default function MyAssetsPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const user = useUser();
  const balances = useBalances();
  const earnings = useEarnings();
  const [refreshFailed, setRefreshFailed] = useState(false);

  const refresh = async () => {
    const results = await Promise.all([balances.refetch(), earnings.refetch(), user.refetch()]);
    setRefreshFailed(results.some((result) => result.isError));
  };

  return (
    <PullToRefresh
      onRefresh={refresh}
      threshold={PULL_REFRESH_THRESHOLD}
      headHeight={PULL_REFRESH_HEAD_HEIGHT}
      renderText={(status) => <PullText status={status} failed={refreshFailed} />}
    >
      <div className="my-assets" data-testid="my-assets">
        <MemberIdCard user={user.data} />
        <QuickLinks links={ACTIONS} label={t('titleMyAssets')} testIdPrefix="my-assets-go" />
        {balances.isPending ? (
          <div className="my-assets__loading" data-testid="my-assets-loading">
            {ASSETS.map((asset) => (
              <Skeleton key={asset} animated className="my-assets__skeleton" />
            ))}
          </div>
        ) : balances.isError ? (
          <ErrorState
            message={t('assetsLoadFailed')}
            onRetry={() => void balances.refetch()}
            testId="my-assets-error"
          />
        ) : (
          ASSETS.map((asset) => (
            <AssetCard
              key={asset}
              balance={balances.data[asset]}
              totalEarned={asset === 'GOLD' ? undefined : earnings.data?.[asset].total}
              onDetails={() => go(paths.assetDetails.href({ asset }))}
              onVerify={() => go(paths.transparency.href({ section: 'proof', asset }))}
            />
          ))
        )}
      </div>
    </PullToRefresh>
  );
}
