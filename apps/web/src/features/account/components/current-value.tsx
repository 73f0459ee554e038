import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type CurrentValueProps = { label: string; value: ReactNode | null; testId: string };

/** What is bound now (or that nothing is), above the form that changes it. */
export function CurrentValue({ label, value, testId }: CurrentValueProps) {
  const { t } = useTranslation();
  return (
    <div className="account-current">
      <span className="account-current__label">{label}</span>
      <span className={value ? 'account-current__value' : 'account-current__value is-empty'} data-testid={testId}>
        {value ?? t('accountNotBound')}
      </span>
    </div>
  );
}
