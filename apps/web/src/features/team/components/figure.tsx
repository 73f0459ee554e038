import { truncateDecimals } from '@minecloud/contract/amount';
import type { ReactNode } from 'react';

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

/** An amount truncated (never rounded) to 2 decimals, with its unit in small type. */
export function UnitAmount({ value, unit = 'U', testId }: { value: string; unit?: string; testId?: string }) {
  return (
    <>
      <span data-testid={testId}>{truncateDecimals(value, 2)}</span>
      <small>{unit}</small>
    </>
  );
}
