import type { PullToRefreshProps } from 'antd-mobile';
import { PullToRefresh, SpinLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull-down refresh with range 150 and a 70 px head, in green. */
export const PULL_REFRESH_THRESHOLD = 150;
export const PULL_REFRESH_HEAD_HEIGHT = 70;

type PullStatus = Parameters<NonNullable<PullToRefreshProps['renderText']>>[0];

export type AssetsPullProps = {
  onRefresh: () => Promise<void>;
  /** Whether the last refresh failed: the head says so as it closes. */
  failed: boolean;
  children: ReactNode;
};

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

/** antd-mobile's pull-to-refresh with the spec's range, head and texts (loaded by lazy-pull.tsx). */
export default function AssetsPull({ onRefresh, failed, children }: AssetsPullProps) {
  return (
    <PullToRefresh
      onRefresh={onRefresh}
      threshold={PULL_REFRESH_THRESHOLD}
      headHeight={PULL_REFRESH_HEAD_HEIGHT}
      renderText={(status) => <PullText status={status} failed={failed} />}
    >
      {children}
    </PullToRefresh>
  );
}
