import { type Asset, parsePositiveAmount } from '@minecloud/contract/amount';
import { fail } from '../../lib/errors.ts';

/** A positive amount of `asset` in atomic units, or the spec's "Invalid Amount". */
export function positiveUnits(text: string, asset: Asset): bigint {
  const parsed = parsePositiveAmount(text, asset);
  if (!parsed.ok) return fail('invalidAmount');
  return parsed.units;
}
