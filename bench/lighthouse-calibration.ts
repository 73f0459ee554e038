/**
 * Lighthouse's CPU slowdown for the machine it runs on. The default mobile preset slows the CPU 4×,
 * which assumes a host in the high-end desktop class (a `benchmarkIndex` around 1500); on a slower
 * host the same 4× describes a far weaker phone than the mid-tier one the preset stands for.
 * Lighthouse's throttling guide (docs/throttling.md, "Calibrating the CPU slowdown") maps a host's
 * benchmarkIndex to the multiplier that targets that mid-tier phone, linear within each bracket:
 *   ≥ 1300: 3× at 1300, plus 1× per 233 (1533 → 4×, 2000 → 6×)
 *   800–1300: 2× at 800 to 3× at 1300
 *   below 800: 1× at 150 to 2× at 800; never below 1× (a host slower than the phone is not sped up).
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new Error(`not a benchmarkIndex: ${benchmarkIndex}`);
  }
  let multiplier: number;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.max(1, Math.round(multiplier * 100) / 100);
}
