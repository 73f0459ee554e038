// `npm run ledger:check [-- --full]`: the ledger invariant from the command line, on the database the
// server would use (DATABASE_URL, or the PGlite files in DATA_DIR: stop the server first, PGlite is
// single-process). By default it checks from the newest checkpoint (the transfers after it, with the
// flows kept for it); `--full` reads every transfer (docs/operations.md, section 5 "Ledger
// checkpoints"). It only reads: a database behind this code is refused, never migrated.
// Exit 0: balanced; 1: not balanced; 2: not checked (bad usage or settings, no database, or one
// behind the code).
import { loadDatabaseConfig } from '../config.ts';
import { checkLedger, checkLedgerSinceCheckpoint } from '../ledger/check.ts';
import { openMigratedDatabase, settingsOrExit } from './database.ts';

const NOT_CHECKED = 2;

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--full')) {
  process.stderr.write('usage: npm run ledger:check [-- --full]\n');
  process.exit(NOT_CHECKED);
}
const full = args.includes('--full');

const settings = settingsOrExit(() => loadDatabaseConfig());
const database = await openMigratedDatabase(settings, NOT_CHECKED);
try {
  const result = full ? await checkLedger(database.db) : await checkLedgerSinceCheckpoint(database.db);
  for (const { asset, sum } of result.assets) console.log(`${asset.padEnd(5)} sum of all accounts: ${sum}`);
  for (const m of result.mismatches) {
    console.log(`MISMATCH account ${m.accountId} ${m.asset}: balance ${m.balance}, transfers say ${m.transfers}`);
  }
  for (const e of result.unbalancedEntries)
    console.log(`UNBALANCED entry ${e.entryId} ${e.asset}: its legs sum to ${e.sum}`);
  const { from } = result;
  if (full) console.log('checked every transfer (--full)');
  else if (!from) console.log('checked every transfer (no checkpoint yet)');
  else
    console.log(
      `checked from checkpoint ${from.checkpointId} (transfers up to #${from.uptoTransferId}, ${from.at}) on; --full checks every transfer`,
    );
  console.log(result.ok ? 'ledger OK' : 'ledger NOT balanced');
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
