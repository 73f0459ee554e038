import type { Asset } from '@minecloud/contract/amount';
import type { BasicConfig } from '@minecloud/contract/config';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssetBalance, useBalances } from '@/api/get-balances';
import { useBasicConfig } from '@/api/get-basic-config';
import { ErrorState } from '@/components/error-state';
import { FormSkeleton } from './form-skeleton';

type Props = {
  /** Prefix of the state test ids: `<prefix>-loading`, `<prefix>-load-error`. */
  testIdPrefix: string;
  children: (config: BasicConfig, balances: Record<Asset, AssetBalance>) => ReactNode;
};

/** A money form needs the basic config and the balances: a skeleton until both come, a retry if either fails. */
export function MoneyFormGate({ testIdPrefix, children }: Props) {
  const { t } = useTranslation();
  const config = useBasicConfig();
  const balances = useBalances();
  if (config.isPending || balances.isPending) return <FormSkeleton testId={`${testIdPrefix}-loading`} />;
  if (config.isError || balances.isError) {
    return (
      <ErrorState
        message={t('formLoadFailed')}
        onRetry={() => {
          if (config.isError) void config.refetch();
          if (balances.isError) void balances.refetch();
        }}
        testId={`${testIdPrefix}-load-error`}
      />
    );
  }
  return <>{children(config.data, balances.data)}</>;
}
