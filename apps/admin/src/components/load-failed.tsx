import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/notify';

/** A load that failed: why, and a button that asks again. */
export function LoadFailed({
  error,
  onRetry,
  retrySize,
}: {
  error: unknown;
  onRetry: () => void;
  retrySize?: ButtonProps['size'];
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('common:loadingFailed')}
      description={errorText(error, t('common:requestFailed'))}
      action={
        <Button size={retrySize} onClick={onRetry}>
          {t('common:retry')}
        </Button>
      }
    />
  );
}

/** Where a list's query stands, above the list: a spinner while it loads, its failure, or that it is empty. */
export function LoadState({ query, empty }: { query: UseQueryResult<unknown>; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {query.isLoading && <Spin />}
      {query.isError && <LoadFailed error={query.error} onRetry={() => query.refetch()} />}
      {query.isSuccess && empty && <Alert type="info" title={t('common:empty')} />}
    </>
  );
}
