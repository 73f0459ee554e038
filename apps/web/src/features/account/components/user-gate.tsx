import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/api/get-user';
import { ErrorState } from '@/components/error-state';
import type { UserInfo } from '@/lib/session';

/** Renders `children` with the member's record once it has come; a skeleton, or a retry, until then. */
export function UserGate({ children }: { children: (user: UserInfo) => ReactNode }) {
  const { t } = useTranslation();
  const user = useUser();
  if (user.data) return children(user.data);
  if (user.isPending) {
    return (
      <div data-testid="account-loading">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  return <ErrorState message={t('accountLoadFailed')} onRetry={() => void user.refetch()} testId="account-error" />;
}
