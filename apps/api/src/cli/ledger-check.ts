// `npm run ledger:check`: the ledger invariant from the command line, on the database the server
// would use (DATABASE_URL, or the PGlite files in DATA_DIR: stop the server first, PGlite is single-process).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { checkLedger } from '../ledger/check.ts';

const config = loadConfig();
const database = config.databaseUrl
  ? await openDatabase({ kind: 'pg', url: config.databaseUrl, poolMax: 2 })
  : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
try {
  await database.migrate();
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
