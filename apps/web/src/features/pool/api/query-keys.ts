/** Every query of this feature starts with `pool`, so one invalidation refreshes them all after a forge. */
export const poolKeys = {
  all: ['pool'] as const,
  // A visitor and a member see different `myForged`/`myRank`: each has its own entry.
  current: (signedIn: boolean) => ['pool', 'current', signedIn ? 'member' : 'visitor'] as const,
  history: () => ['pool', 'history'] as const,
};
