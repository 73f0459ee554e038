import { type Asset, ENTRY_PLACES, formatAmount, parseAmount, parseMemberAmount } from '@minecloud/contract/amount';

export type AmountProblem =
  | { reason: 'required' }
  | { reason: 'invalid' }
  | { reason: 'notPositive' }
  | { reason: 'tooManyDecimals'; places: number }
  | { reason: 'insufficient' };

/** `amount` is the canonical decimal string sent to the server, so a retry sends the same body. */
export type CheckedAmount = { ok: true; units: bigint; amount: string } | ({ ok: false } & AmountProblem);

/**
 * Checks what a member typed as an amount of `asset`, in bigint units: never a float. The contract's
 * one amount rule (parseMemberAmount, ENTRY_PLACES) decides the decimals, as the server does.
 * `available` (a decimal string from the server) is the most the member can move.
 */
export function checkAmount(text: string, asset: Asset, available?: string | null): CheckedAmount {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: 'required' };
  const parsed = parseMemberAmount(trimmed, asset);
  if (!parsed.ok) {
    if (parsed.reason === 'tooManyDecimals')
      return { ok: false, reason: 'tooManyDecimals', places: ENTRY_PLACES[asset] };
    if (parsed.reason === 'tooLarge') return { ok: false, reason: 'insufficient' };
    if (parsed.reason === 'notPositive') return { ok: false, reason: 'notPositive' };
    return { ok: false, reason: 'invalid' };
  }
  if (available != null) {
    const most = parseAmount(available, asset);
    if (!most.ok || parsed.units > most.units) return { ok: false, reason: 'insufficient' };
  }
  return { ok: true, units: parsed.units, amount: formatAmount(parsed.units, asset) };
}

/** The units of a balance string from the server (0 when absent). */
export function unitsOf(value: string | null | undefined, asset: Asset): bigint {
  if (!value) return 0n;
  const parsed = parseAmount(value, asset);
  return parsed.ok ? parsed.units : 0n;
}
