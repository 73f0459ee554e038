// What the command-line tools of the database share: their settings, refused as the server refuses
// them, and the database, refused when it is behind this code (docs/operations.md, "Deploying a
// release (migrations)": only `npm run db:migrate`, or a server with MIGRATE_ON_START, migrates).
import { ConfigError } from '../config.ts';
import { assertMigrated, type Database, openConfiguredDatabase, SchemaBehind } from '../db/client.ts';

/** The settings `load` parses; a ConfigError is printed (every problem) and ends the tool with 1. */
export function settingsOrExit<T extends { warnings: string[] }>(load: () => T): T {
  try {
    const settings = load();
    for (const warning of settings.warnings) process.stderr.write(`warning: ${warning}\n`);
    return settings;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/**
 * The database of the settings, for a tool that must not change its schema: one behind this code
 * is refused (the missing migrations named) and the tool ends with `exitCode`, having changed
 * nothing; so is a DATA_DIR without a PGlite database, which it would otherwise create.
 */
export async function openMigratedDatabase(
  settings: { databaseUrl?: string | undefined; dataDir: string },
  exitCode: number,
): Promise<Database> {
  let database: Database | undefined;
  try {
    database = await openConfiguredDatabase(settings, { poolMax: 2, mustExist: true });
    await assertMigrated(database.db);
    return database;
  } catch (error) {
    // A database that cannot be asked fails as any query would; only a refusal is explained here.
    if (database && !(error instanceof SchemaBehind)) throw error;
    await database?.close();
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(exitCode);
  }
}
