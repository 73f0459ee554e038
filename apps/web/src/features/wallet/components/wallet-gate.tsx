import type { Asset } from '@minecloud/contract/amount';
import type { BasicConfig } from '@minecloud/contract/config';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssetBalance, useBalances } from '@/api/get-balances';
import { useBasicConfig } from '@/api/get-basic-config';
import { useUser } from '@/api/get-user';
import { ErrorState } from '@/components/error-state';
import type { UserInfo } from '@/lib/session';
import '@/components/money-field.css';

type Loaded = { config: BasicConfig; balances: Record<Asset, AssetBalance>; user: UserInfo };

type Props = {
  /** Prefix of the state test ids: `<prefix>-loading`, `<prefix>-load-error`. */
  testIdPrefix: string;
  children: (loaded: Loaded) => ReactNode;
};

/**
 * A withdrawal needs the terms (basic config), the balance and the member (email, bound address):
 * a skeleton until all three come, a retry of whichever failed.
 */
export function WalletGate({ testIdPrefix, children }: Props) {
  const { t } = useTranslation();
  const config = useBasicConfig();
  const balances = useBalances();
  const user = useUser();
  if (config.data && balances.data && user.data) {
    return <>{children({ config: config.data, balances: balances.data, user: user.data })}</>;
  }
  const failed = [config, balances, user].filter((query) => query.isError);
  if (failed.length === 0) {
    return (
      <div className="money-card" data-testid={`${testIdPrefix}-loading`}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  return (
    <ErrorState
      message={t('formLoadFailed')}
      onRetry={() => {
        for (const query of failed) void query.refetch();
      }}
      testId={`${testIdPrefix}-load-error`}
    />
  );
}
