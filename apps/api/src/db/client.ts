import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers speak the same PostgreSQL dialect; code is written against this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db`, as `db.transaction(async (tx) => …)` hands it over. */
export type TxDb = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What one statement runs on: a transaction (`TxDb`) or the pool (`Db`). */
export type Tx = Pick<Db, 'execute'>;
/** One run of a scheduled job (jobs/runner.ts): its transaction, the period it works on, and now. */
export type JobContext = { tx: TxDb; period: string; now: Date };
/** A range of member ids, both ends included: one chunk of a chunked job (jobs/runner.ts). */
export type MemberRange = { from: number; to: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'pg';
  /**
   * Applies the pending drizzle migrations and resolves their names (none: the database was
   * current). On PostgreSQL under an advisory lock, so many processes may migrate at once: the
   * others wait for it, at most `lockTimeoutMs` (then MigrationLockTimeout), and find nothing left.
   */
  migrate(options?: MigrateOptions): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's figures at this moment, for /metrics (PGlite: one connection, always idle). */
  poolStats(): PoolStats;
  /**
   * LISTENs on `channel`: `onNotify` gets each NOTIFY's payload, after the notifying transaction
   * committed, from any process on the database (PostgreSQL: on a connection of its own, outside the
   * pool; PGlite: in this process). Resolves the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
};

/** Connections open (`total`), idle among them, callers waiting for one, and the pool's ceiling. */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const MIGRATION_LOCK_KEY = 7_240_001;
/** How long migrating waits for another process's migration lock unless told (MIGRATE_LOCK_TIMEOUT_SECONDS). */
const MIGRATION_LOCK_TIMEOUT_MS = 60_000;
/** How often a migration waiting for the lock asks for it again. */
const MIGRATION_LOCK_POLL_MS = 200;

export type MigrateOptions = {
  lockTimeoutMs?: number;
  /** Called once when the lock is held by another process, before waiting for it. */
  onWait?: () => void;
};

/** Another process held the migration lock longer than the wait allowed. */
export class MigrationLockTimeout extends Error {
  constructor(timeoutMs: number) {
    super(
      `another process has held the migration lock (pg_advisory_lock ${MIGRATION_LOCK_KEY}) for ${timeoutMs / 1000} s: it may still be migrating (see pg_stat_activity); try again later, or wait longer with MIGRATE_LOCK_TIMEOUT_SECONDS`,
    );
  }
}

/** The database lacks migrations of this code: what may only read or use it refuses it. */
export class SchemaBehind extends Error {
  constructor(readonly missing: string[]) {
    super(
      `the database is ${missing.length} migration${missing.length === 1 ? '' : 's'} behind this code, missing ${missing.join(', ')}: apply ${missing.length === 1 ? 'it' : 'them'} first with \`npm run db:migrate\` (docs/operations.md, "Deploying a release (migrations)")`,
    );
  }
}

type JournalEntry = { tag: string; when: number };
let journal: JournalEntry[] | undefined;

/** This code's migrations, oldest first, as drizzle's journal lists them. */
export function codeMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }
  ).entries;
  return journal;
}

/**
 * The names of this code's migrations that the database has not applied, oldest first; only
 * reads. drizzle's rule (its pg-core dialect's `migrate`): a migration is applied when it is newer
 * (journal `when`) than the newest one recorded in `drizzle.__drizzle_migrations`.
 */
export async function pendingMigrations(db: Tx): Promise<string[]> {
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  let newest = -1;
  if (table?.exists) {
    const [row] = await queryRows<{ newest: string | null }>(
      db,
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    newest = row?.newest === null || row?.newest === undefined ? -1 : Number(row.newest);
  }
  return codeMigrations()
    .filter((migration) => migration.when > newest)
    .map((migration) => migration.tag);
}

/** Refuses (SchemaBehind) a database without every migration of this code; changes nothing. */
export async function assertMigrated(db: Tx): Promise<void> {
  const missing = await pendingMigrations(db);
  if (missing.length) throw new SchemaBehind(missing);
}

/** `pg_try_advisory_lock` on `client` until it holds the migration lock; MigrationLockTimeout after `timeoutMs`. */
async function takeMigrationLock(client: pg.PoolClient, { lockTimeoutMs, onWait }: MigrateOptions) {
  const timeoutMs = lockTimeoutMs ?? MIGRATION_LOCK_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  for (let waiting = false; ; waiting = true) {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
      MIGRATION_LOCK_KEY,
    ]);
    if (rows[0]?.locked) return;
    if (!waiting) onWait?.();
    const left = deadline - Date.now();
    if (left <= 0) throw new MigrationLockTimeout(timeoutMs);
    await new Promise((resolve) => setTimeout(resolve, Math.min(MIGRATION_LOCK_POLL_MS, left)));
  }
}

export type DatabaseOptions =
  | { kind: 'pg'; url: string; poolMax?: number }
  /** `mustExist`: refuse to create a PGlite database where there is none (a tool that only reads). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; mustExist?: boolean };

/** The database of a process's settings: PostgreSQL at DATABASE_URL, else the PGlite files in DATA_DIR. */
export function openConfiguredDatabase(
  settings: { databaseUrl?: string | undefined; dataDir: string },
  options: { poolMax: number; mustExist?: boolean },
): Promise<Database> {
  return settings.databaseUrl
    ? openDatabase({ kind: 'pg', url: settings.databaseUrl, poolMax: options.poolMax })
    : openDatabase({ kind: 'pglite', dataDir: settings.dataDir, mustExist: options.mustExist ?? false });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'pg') {
    const poolMax = options.poolMax ?? 20;
    const pool = new pg.Pool({ connectionString: options.url, max: poolMax });
    pool.on('error', () => {
      // An idle client dropped by the server is replaced on next use; nothing to do here.
    });
    pool.on('connect', (client) => {
      // A client checked out between two statements (a transaction awaiting its next step) has no
      // query for a dropped connection to fail, so pg emits the error on the client, and an
      // unhandled 'error' event ends the process: a PostgreSQL restart would take every API process
      // down with it. Its next statement fails instead, and the pool discards it on release.
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      async migrate(migrateOptions = {}) {
        const lockClient = await pool.connect();
        try {
          await takeMigrationLock(lockClient, migrateOptions);
          try {
            // On the lock's own connection: with DATABASE_POOL_MAX=1 a second one would never come.
            const lockDb = drizzlePg(lockClient, { schema });
            const pending = await pendingMigrations(lockDb as unknown as Db);
            if (pending.length) await migratePg(lockDb, { migrationsFolder: MIGRATIONS_DIR });
            return pending;
          } finally {
            await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          }
        } finally {
          lockClient.release();
        }
      },
      async ping() {
        await pool.query('select 1');
      },
      async close() {
        await pool.end();
      },
      poolStats() {
        return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax };
      },
      async listen(channel, onNotify) {
        const listener = new pg.Client({ connectionString: options.url });
        // A dropped listening connection ends the listening; the stream's clients reconnect elsewhere.
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
        return async () => {
          await listener.end().catch(() => {});
        };
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'pglite');
    if (options.mustExist && !existsSync(dataDir)) throw new Error(`no PGlite database in ${dataDir} (DATA_DIR)`);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    // One process only (PGlite): nobody to wait for.
    async migrate() {
      const pending = await pendingMigrations(pgliteDb as unknown as Db);
      if (pending.length) await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR });
      return pending;
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
    poolStats() {
      return { total: 1, idle: 1, waiting: 0, max: 1 };
    },
    async listen(channel, onNotify) {
      return client.listen(channel, onNotify);
    },
  };
}

type NamedSession = {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: false,
  ): { execute(): Promise<unknown> };
};
const preparedTexts = new Map<string, string>();

/**
 * Rows of a raw SQL query run as a named prepared statement: on PostgreSQL each connection parses
 * and plans it once and then only binds values (for the transfer statement, a measured 1.7× more
 * statements per second of database CPU). One name must always carry one text, which is checked
 * here: build the name from whatever shapes the text. Works inside a transaction (`tx`) as well.
 */
export async function preparedRows<T>(db: Pick<Db, 'execute'>, name: string, query: SQL): Promise<T[]> {
  const { dialect } = db as unknown as { dialect: PgDialect };
  return preparedQuery<T>(db, name, dialect.sqlToQuery(query));
}

/** The text of `query` as the database gets it, its parameters written `$1`, `$2`, ... */
export function statementText(db: Pick<Db, 'execute'>, query: SQL): string {
  return (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query).sql;
}

/**
 * `preparedRows` of a statement already written out (its text, built once, and this run's values):
 * for a hot statement, whose text need not be built again for every call.
 */
export async function preparedQuery<T>(
  db: Pick<Db, 'execute'>,
  name: string,
  built: { sql: string; params: unknown[] },
): Promise<T[]> {
  // drizzle's own execute() is this call without the name; its session is not in the public types.
  const { session } = db as unknown as { session: NamedSession };
  const known = preparedTexts.get(name);
  if (known === undefined) preparedTexts.set(name, built.sql);
  else if (known !== built.sql) throw new Error(`prepared statement ${name} used for two different texts`);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/**
 * The next value of an identity's sequence, drawn before its row is written (then inserted with
 * `overriding system value`), for a row whose id other rows must name first: a withdrawal's lock,
 * a purchase's ledger entry.
 */
export async function nextId(
  db: Pick<Db, 'execute'>,
  sequence: 'withdrawals_id_seq' | 'miner_orders_id_seq' | 'equity_orders_id_seq',
) {
  const [row] = await queryRows<{ id: string }>(db, sql`select nextval(${sequence}::regclass)::text as id`);
  return Number(row?.id);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A stable 64-bit key for PostgreSQL's advisory locks, derived from a name. */
export function advisoryKey(name: string): string {
  return BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 16)}`)).toString();
}

/** A timestamp column read as text, as an ISO-8601 string (null stays null). */
export function isoTime(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * The order of every list a member or operator pages through or exports: newest first by the time
 * column `time`, then by id, both of the table (or subquery) named `alias`. Use it after `order by`:
 * `order by ${newestFirst('w', 'created_at')} ${pageClause(page)}`.
 *
 * Both columns are qualified, so they are the table's own (a time and a number). A bare name would
 * be the select list's column of that name first, in PostgreSQL: `order by id` after `id::text`
 * sorts text, 9, 8, …, 2, 11, 10, 1.
 */
export function newestFirst(alias: string, time: string): SQL {
  const column = (name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
  return sql`${column(time)} desc, ${column('id')} desc`;
}

/** The `limit … offset …` clause of a 1-based page. */
export function pageClause(page: { pageNo: number; pageSize: number }): SQL {
  return sql`limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`;
}
