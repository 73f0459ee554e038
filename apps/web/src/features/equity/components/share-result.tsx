import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { SummaryRow } from '@/components/purchase-summary';

type ShareResultProps = {
  message: string;
  rows: SummaryRow[];
  /** Opens the member's share orders. */
  onOrders: () => void;
  onDone: () => void;
  /** The panel gets `<testId>`, its buttons `<testId>-orders` and `<testId>-done`. */
  testId: string;
};

/** What a sheet shows once the shares are bought: the outcome, and the way to the share orders. */
export function ShareResult({ message, rows, onOrders, onDone, testId }: ShareResultProps) {
  const { t } = useTranslation();
  return (
    <section className="share-result" aria-live="polite" data-testid={testId}>
      <span className="share-result__mark">
        <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </span>
      <p className="share-result__message" data-testid={`${testId}-message`}>
        {message}
      </p>
      <dl className="share-result__rows">
        {rows.map((row) => (
          <div key={row.testId}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="share-result__actions">
        <Button color="primary" fill="outline" onClick={onDone} data-testid={`${testId}-done`}>
          {t('done')}
        </Button>
        <Button color="primary" onClick={onOrders} data-testid={`${testId}-orders`}>
          {t('equityViewOrders')}
        </Button>
      </div>
    </section>
  );
}
