/**
 * Files that never open a database (pure functions and command-line tools that read
 * files): on PostgreSQL they would run exactly as on PGlite, so they run once, in the PGlite project.
 */
export const NO_DATABASE = [
  'src/cli/reserves-sign.test.ts',
  'src/cli/verify-network-day.test.ts',
  'src/cli/verify-proof.test.ts',
  'src/jobs/retry.test.ts',
  'src/ledger/only-writer.test.ts',
  'src/lib/csv.test.ts',
  'src/lib/keys.test.ts',
  'src/lib/shutdown.test.ts',
  'src/lib/static-apps.test.ts',
  'src/modules/network/sources.test.ts',
  'src/modules/transparency/tree.test.ts',
  'src/modules/wallet/signer.test.ts',
];
