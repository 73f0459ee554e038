import { parseAmount } from '@minecloud/contract/amount';
import { type AmountProblem, checkAmount } from '@/lib/amount-check';

export type ForgeProblem = AmountProblem | { reason: 'belowMinimum'; min: string };

export type CheckedForge = { ok: true; units: bigint; amount: string } | ({ ok: false } & ForgeProblem);

/**
 * Checks gold coins to forge before anything is sent, in the order the member meets the problems:
 * typed, a gold amount above 0 (told as on every amount field), at least `minForge`, then within
 * `available` when known.
 */
export function checkForge(text: string, minForge: string, available: string | null | undefined): CheckedForge {
  const checked = checkAmount(text, 'GOLD');
  if (!checked.ok) return checked;
  const min = parseAmount(minForge, 'GOLD');
  if (min.ok && checked.units < min.units) return { ok: false, reason: 'belowMinimum', min: minForge };
  return checkAmount(text, 'GOLD', available);
}
