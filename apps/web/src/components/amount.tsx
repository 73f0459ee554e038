import { truncateDecimals } from '@minecloud/contract/amount';

type AmountProps = { value: string | bigint | null | undefined; places?: number; unit?: string; testId?: string };

/** An amount as the spec shows it: truncated, never rounded, to 2 decimals. */
export function Amount({ value, places = 2, unit, testId }: AmountProps) {
  return (
    <span className="amount" data-testid={testId}>
      {truncateDecimals(value ?? '0', places)}
      {unit ? ` ${unit}` : ''}
    </span>
  );
}
