import type { ReactNode } from 'react';
import './confirm-summary.css';

export type SummaryRow = { label: string; value: ReactNode; testId: string };

/** The content of a confirm prompt: a title and what will happen, row by row. */
export function ConfirmSummary({ title, rows, note }: { title: string; rows: SummaryRow[]; note?: string }) {
  return (
    <div className="confirm-summary" data-testid="confirm-summary">
      <h2 className="confirm-summary__title">{title}</h2>
      <dl className="confirm-summary__rows">
        {rows.map((row) => (
          <div key={row.testId} className="confirm-summary__row">
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {note && <p className="confirm-summary__note">{note}</p>}
    </div>
  );
}
