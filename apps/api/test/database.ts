import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { codeMigrations, type Database, MIGRATIONS_DIR, openDatabase, queryRows } from '../src/db/client.ts';

/** One template per checkout path, so two checkouts can run the PostgreSQL suite on one server at once. */
export const TEMPLATE_DB = `minecloud_test_template_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;

export function testDbKind(): 'pg' | 'pglite' {
  return process.env.TEST_DB_KIND === 'pg' ? 'pg' : 'pglite';
}

function pgUrl(database?: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL project needs a running server');
  if (!database) return url;
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A throw-away test database's URL: its commits do not wait for the WAL flush (a crash of the
 * server would lose the last ones, which a test database never outlives). Locks, isolation and
 * what each transaction sees are as on any database; only the wait on the disk goes.
 */
export function testDatabaseUrl(database: string): string {
  const parsed = new URL(pgUrl(database));
  parsed.searchParams.set('options', '-c synchronous_commit=off');
  return parsed.toString();
}

/** Run once per PostgreSQL test run: a migrated template that each test database is cloned from. */
export async function createPgTemplate() {
  const admin = new pg.Client({ connectionString: pgUrl() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ kind: 'pg', url: pgUrl(TEMPLATE_DB), poolMax: 2 });
  await template.migrate();
  await template.close();
}

let pgliteImage: Promise<Blob> | undefined;

/** A migrated PGlite image: the run's one (test/pglite-global-setup.ts) or, without it, made here once. */
export function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = providedImage();
    if (file) return new Blob([await readFile(file)]);
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const image = await client.dumpDataDir('none');
    await database.close();
    return image;
  })();
  return pgliteImage;
}

/** The image file the global setup made, when this runs inside a vitest worker that has one. */
function providedImage(): string | undefined {
  try {
    return inject('pgliteImage');
  } catch {
    return undefined; // outside a test file (the global setup itself)
  }
}

/** A fresh, migrated, empty database for one test app; closing it drops it. */
export async function createTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: await migratedPgliteImage() });
  }
  const created = await createPgDatabase(TEMPLATE_DB);
  const database = await openDatabase({ kind: 'pg', url: created.url, poolMax: 40 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await created.drop();
    },
  };
}

/** A throw-away PostgreSQL database, a clone of `template` or empty: its URL, and dropping it. */
async function createPgDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `minecloud_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl() });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`).finally(() => admin.end());
  return {
    url: testDatabaseUrl(name),
    async drop() {
      const dropper = new pg.Client({ connectionString: pgUrl() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}

/**
 * A new, empty database of the run's kind (`TEST_DB_KIND`), not migrated, for the tools and the
 * server to be started on: `env` names it as a process's settings would (DATABASE_URL, or DATA_DIR
 * for PGlite), `open` opens it here, `drop` removes it.
 */
export async function createEmptyDatabase(): Promise<{
  env: Record<string, string>;
  open(): Promise<Database>;
  drop(): Promise<void>;
}> {
  if (testDbKind() === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'minecloud-empty-'));
    return {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ kind: 'pglite', dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { url, drop } = await createPgDatabase();
  return { env: { DATABASE_URL: url }, open: () => openDatabase({ kind: 'pg', url, poolMax: 2 }), drop };
}

export type EmptyDatabase = Awaited<ReturnType<typeof createEmptyDatabase>>;

/** Runs `test` on a new, empty database (createEmptyDatabase), dropped afterwards whatever happens. */
export async function onEmptyDatabase(test: (db: EmptyDatabase) => Promise<void>): Promise<void> {
  const db = await createEmptyDatabase();
  try {
    await test(db);
  } finally {
    await db.drop();
  }
}

/**
 * Migrates `database` as an older release would have: every migration of this code but the newest
 * `behind` ones, whose names it resolves (with drizzle's own migrator, on a copy of the migrations
 * whose journal ends earlier).
 */
export async function migrateAllBut(database: Database, behind: number): Promise<string[]> {
  const all = codeMigrations();
  const folder = mkdtempSync(path.join(tmpdir(), 'minecloud-migrations-'));
  try {
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journal = path.join(folder, 'meta/_journal.json');
    const entries = all.slice(0, all.length - behind);
    writeFileSync(journal, JSON.stringify({ ...JSON.parse(await readFile(journal, 'utf8')), entries }));
    if (database.kind === 'pg') await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return all.slice(all.length - behind).map((migration) => migration.tag);
}

/** The migrations table as it stands (a database without it: none), oldest first. */
export async function migrationsRecorded(database: Database) {
  const [table] = await queryRows<{ exists: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return [];
  return queryRows<{ id: number; hash: string; created_at: string }>(
    database.db,
    sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by id`,
  );
}

/** What `look` finds in the database, opened here and closed again (PGlite: one process at a time). */
export async function inspect<T>(
  db: { open(): Promise<Database> },
  look: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await db.open();
  try {
    return await look(database);
  } finally {
    await database.close();
  }
}
