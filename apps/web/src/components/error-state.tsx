import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './state-block.css';

type ErrorStateProps = {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
  testId?: string;
};

/** A failed load, with a way to try again. */
export function ErrorState({ message, onRetry, retryLabel, testId = 'error-state' }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <section className="state-block" role="alert" data-testid={testId}>
      <p className="state-block__text">{message}</p>
      {onRetry && (
        <Button color="primary" fill="outline" size="small" onClick={onRetry} data-testid="error-retry">
          {retryLabel ?? t('retry')}
        </Button>
      )}
    </section>
  );
}
