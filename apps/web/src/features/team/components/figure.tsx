import type { ReactNode } from 'react';
import { useMoneyText } from '@/lib/money-text';

type FigureProps = { label: string; children: ReactNode };

/** One labelled figure of a `team-figures` grid. */
export function Figure({ label, children }: FigureProps) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A figure's value while it loads: a bar in the value's line, so that the card keeps the height it
 * has with its figures and nothing below it moves when they come.
 */
export function PendingValue() {
  return <span className="team-figures__pending" aria-hidden="true" />;
}

/** An amount truncated (never rounded) to 2 decimals and grouped, with its unit in small type. */
export function UnitAmount({ value, unit = 'U', testId }: { value: string; unit?: string; testId?: string }) {
  const money = useMoneyText();
  return (
    <>
      <span data-testid={testId}>{money(value)}</span>
      <small>{unit}</small>
    </>
  );
}
