import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';

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
  const name = `minecloud_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'pg', url: testDatabaseUrl(name), poolMax: 40 });
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: pgUrl() });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`).finally(() => dropper.end());
    },
  };
}
