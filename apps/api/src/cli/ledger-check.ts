// `npm run ledger:check`: the ledger invariant from the command line, on the database the server
// would use (DATABASE_URL, or the PGlite files in DATA_DIR: stop the server first, PGlite is
// single-process). It only reads: a database behind this code is refused, never migrated.
// Exit 0: balanced; 1: not balanced; 2: not checked (bad settings, no database, or one behind the code).
import { loadDatabaseConfig } from '../config.ts';
import { checkLedger } from '../ledger/check.ts';
import { openMigratedDatabase, settingsOrExit } from './database.ts';

const NOT_CHECKED = 2;

const settings = settingsOrExit(() => loadDatabaseConfig());
const database = await openMigratedDatabase(settings, NOT_CHECKED);
try {
  const result = await checkLedger(database.db);
  for (const { asset, sum } of result.assets) console.log(`${asset.padEnd(5)} sum of all accounts: ${sum}`);
  for (const m of result.mismatches) {
    console.log(`MISMATCH account ${m.accountId} ${m.asset}: balance ${m.balance}, transfers say ${m.transfers}`);
  }
  console.log(result.ok ? 'ledger OK' : 'ledger NOT balanced');
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
