import type { Asset } from '@minecloud/contract/amount';
import { useMoneyText } from '@/lib/money-text';

type AmountProps = {
  value: string | bigint | null | undefined;
  /** The asset's display places; `places` (2 by default) when there is no asset. */
  asset?: Asset;
  places?: number;
  unit?: string;
  testId?: string;
};

/** An amount as the spec shows it: truncated, never rounded, with the locale's thousands separators. */
export function Amount({ value, asset, places = 2, unit, testId }: AmountProps) {
  const money = useMoneyText();
  return (
    <span className="amount" data-testid={testId}>
      {money(value, asset ?? places)}
      {unit ? ` ${unit}` : ''}
    </span>
  );
}
