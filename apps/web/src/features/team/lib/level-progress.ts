import { parseAmount } from '@minecloud/contract/amount';

export type Progress = {
  /** Percent for the bar, 0 to 100. */
  value: number;
  /** Percent truncated (never rounded) to 2 decimals: "37.50". */
  text: string;
};

function usdtUnits(value: string): bigint {
  const parsed = parseAmount(value, 'USDT');
  return parsed.ok ? parsed.units : 0n;
}

/**
 * How far a performance (`have`, in U) is towards a requirement (`need`, in U), in bigint units: no
 * float touches the amounts. Nothing needed counts as reached.
 */
export function progressTowards(have: string, need: string): Progress {
  const required = usdtUnits(need);
  if (required === 0n) return { value: 100, text: '100.00' };
  const basisPoints = (usdtUnits(have) * 10_000n) / required;
  const capped = basisPoints > 10_000n ? 10_000n : basisPoints;
  return { value: Number(capped) / 100, text: `${capped / 100n}.${String(capped % 100n).padStart(2, '0')}` };
}

/** Whether a U amount from the server is more than zero. */
export function isPositive(value: string): boolean {
  return usdtUnits(value) > 0n;
}
