/**
 * The network-wide figures (live and burned hash rate, miners) are public and shown by more than
 * one feature (the miner shop, hash rate, the team tab's data board): one root refreshes them all.
 */
export const networkKeys = {
  all: ['network'] as const,
  poolPower: () => ['network', 'pool-power'] as const,
  blackHole: () => ['network', 'black-hole'] as const,
  /** What the Bitcoin network paid one TH/s each day (the hash-rate page and the Transparency page). */
  days: (days: number) => ['network', 'days', days] as const,
};
