import { type Asset, ENTRY_PLACES, parseMemberAmount, parsePositiveAmount } from '@minecloud/contract/amount';
import { fail, failWith } from '../../lib/errors.ts';

/** A positive amount of `asset` in atomic units (at the ledger's scale), or the spec's "Invalid Amount". */
export function positiveUnits(text: string, asset: Asset): bigint {
  const parsed = parsePositiveAmount(text, asset);
  if (!parsed.ok) return fail('invalidAmount');
  return parsed.units;
}

/**
 * A positive amount a member entered: at most ENTRY_PLACES decimals (else "Use at most N decimal
 * places"), otherwise the same answers as positiveUnits (`field`, when given, names the field in
 * the Invalid Amount message). Operators' amounts keep the ledger's scale (positiveUnits).
 */
export function memberUnits(text: string, asset: Asset, field?: string): bigint {
  const parsed = parseMemberAmount(text, asset);
  if (parsed.ok) return parsed.units;
  if (parsed.reason === 'tooManyDecimals') return failWith('amountTooManyDecimals', { places: ENTRY_PLACES[asset] });
  return fail('invalidAmount', field);
}
