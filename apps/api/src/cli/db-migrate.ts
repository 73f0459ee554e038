// `npm run db:migrate`: applies this release's pending migrations to the database of DATABASE_URL
// (or to the PGlite files in DATA_DIR: stop the server first, PGlite is single-process), and prints
// what it applied, or that the database is current. On PostgreSQL it migrates under the migration
// lock (db/client.ts), so it may run while servers start: whoever holds the lock migrates, the
// others find nothing left. It waits for the lock at most MIGRATE_LOCK_TIMEOUT_SECONDS (60).
// The deploy step before the new release's processes start (docs/operations.md, "Deploying a release
// (migrations)"). Exit 0: applied, or nothing to apply; 1: bad settings, the lock not had in time,
// or a migration failed (then none of this run's migrations is applied: they run in one transaction).
import { loadDatabaseConfig } from '../config.ts';
import { codeMigrations, MigrationLockTimeout, openConfiguredDatabase } from '../db/client.ts';
import { settingsOrExit } from './database.ts';

const settings = settingsOrExit(() => loadDatabaseConfig());
const database = await openConfiguredDatabase(settings, { poolMax: 1 });
try {
  const applied = await database.migrate({
    lockTimeoutMs: settings.migrateLockTimeoutMs,
    onWait: () =>
      console.log(
        `another process holds the migration lock: waiting for it, ${settings.migrateLockTimeoutMs / 1000} s at most`,
      ),
  });
  for (const name of applied) console.log(`applied ${name}`);
  const all = codeMigrations();
  const newest = all[all.length - 1]?.tag;
  console.log(
    applied.length
      ? `${applied.length} migration${applied.length === 1 ? '' : 's'} applied: the database is current (${newest})`
      : `nothing to apply: the database is current (${all.length} migrations, the newest ${newest})`,
  );
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(error instanceof MigrationLockTimeout ? reason : `migration failed, nothing applied: ${reason}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
