import './purchase-summary.css';

export type SummaryRow = { label: string; value: string; testId: string };

/** The content of the purchase prompt: the question, then what will be bought and paid, row by row. */
export function PurchaseSummary({ title, rows }: { title: string; rows: SummaryRow[] }) {
  return (
    <div className="purchase-summary" data-testid="purchase-summary">
      <h2 className="purchase-summary__title">{title}</h2>
      <dl className="purchase-summary__rows">
        {rows.map((row) => (
          <div key={row.testId} className="purchase-summary__row">
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
