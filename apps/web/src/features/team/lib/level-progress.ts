import { percentText, usdtUnits } from '@minecloud/contract/decimal';

export type Progress = {
  /** Percent for the bar, 0 to 100. */
  value: number;
  /** Percent truncated (never rounded) to 2 decimals: "37.50". */
  text: string;
};

/**
 * How far a performance (`have`, in U) is towards a requirement (`need`, in U), in bigint units: no
 * float touches the amounts. Nothing needed counts as reached.
 */
export function progressTowards(have: string, need: string): Progress {
  const required = usdtUnits(need) ?? 0n;
  if (required === 0n) return { value: 100, text: '100.00' };
  const text = percentText(usdtUnits(have) ?? 0n, required);
  return { value: Number(text), text };
}

/** Whether a U amount from the server is more than zero. */
export function isPositive(value: string): boolean {
  return (usdtUnits(value) ?? 0n) > 0n;
}
