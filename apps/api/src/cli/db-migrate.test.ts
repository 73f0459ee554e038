import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inspect, migrateAllBut, migrationsRecorded, onEmptyDatabase, testDbKind } from '../../test/database.ts';
import { runEntry } from '../../test/entry.ts';
import { codeMigrations, pendingMigrations, queryRows } from '../db/client.ts';

// The deploy step (`npm run db:migrate`) and the tools that must never migrate, each run as npm
// runs it, on a database of the run's kind: PGlite in `api`, PostgreSQL in `api-pg`.
const ALL = codeMigrations().map((migration) => migration.tag);
const NEWEST = ALL[ALL.length - 1] as string;
const SLOW = 120_000;

describe('npm run db:migrate', () => {
  it(
    'applies every migration to an empty database, printing each, and then finds nothing to do',
    () =>
      onEmptyDatabase(async (db) => {
        const first = await runEntry('cli/db-migrate.ts', db.env);
        expect(first.stderr).toBe('');
        expect(first.code).toBe(0);
        expect(first.stdout).toBe(
          `${ALL.map((name) => `applied ${name}\n`).join('')}${ALL.length} migrations applied: the database is current (${NEWEST})\n`,
        );
        const rows = await inspect(db, migrationsRecorded);
        expect(rows).toHaveLength(ALL.length);
        expect(await inspect(db, (database) => pendingMigrations(database.db))).toEqual([]);

        const again = await runEntry('cli/db-migrate.ts', db.env);
        expect(again.code).toBe(0);
        expect(again.stdout).toBe(
          `nothing to apply: the database is current (${ALL.length} migrations, the newest ${NEWEST})\n`,
        );
        expect(await inspect(db, migrationsRecorded)).toEqual(rows);
      }),
    SLOW,
  );

  // PGlite is one process's database: two tools at once on its files is never right, lock or not.
  it.skipIf(testDbKind() === 'pglite')(
    'run twice at once, both succeed and each migration is applied once',
    () =>
      onEmptyDatabase(async (db) => {
        const runs = await Promise.all([runEntry('cli/db-migrate.ts', db.env), runEntry('cli/db-migrate.ts', db.env)]);
        expect(runs.map((run) => [run.code, run.stderr])).toEqual([
          [0, ''],
          [0, ''],
        ]);
        // One applied everything; the other waited for its lock (or came after) and found nothing.
        const appliers = runs.filter((run) => run.stdout.includes(`applied ${NEWEST}\n`));
        expect(appliers).toHaveLength(1);
        expect(runs.filter((run) => run.stdout.includes('nothing to apply'))).toHaveLength(1);
        const rows = await inspect(db, migrationsRecorded);
        expect(rows).toHaveLength(ALL.length);
        expect(new Set(rows.map((row) => row.created_at)).size).toBe(ALL.length);
      }),
    SLOW,
  );

  it.skipIf(testDbKind() === 'pglite')(
    'waits for another holder of the migration lock at most MIGRATE_LOCK_TIMEOUT_SECONDS, then fails saying so',
    () =>
      onEmptyDatabase(async (db) => {
        const holder = new pg.Client({ connectionString: db.env.DATABASE_URL });
        try {
          await holder.connect();
          await holder.query('select pg_advisory_lock(7240001)');
          const run = await runEntry('cli/db-migrate.ts', { ...db.env, MIGRATE_LOCK_TIMEOUT_SECONDS: '1' });
          expect(run.code).toBe(1);
          expect(run.stdout).toBe('another process holds the migration lock: waiting for it, 1 s at most\n');
          expect(run.stderr).toMatch(
            /another process has held the migration lock \(pg_advisory_lock 7240001\) for 1 s/,
          );
          expect(run.stderr).toContain('MIGRATE_LOCK_TIMEOUT_SECONDS');
          expect(await inspect(db, migrationsRecorded)).toEqual([]);
        } finally {
          await holder.end();
        }
      }),
    SLOW,
  );
});

describe('the tools that never migrate, on a database one migration behind', () => {
  it(
    'ledger:check and admin:reset refuse it, naming the migration, and change nothing; db:migrate applies just that one',
    () =>
      onEmptyDatabase(async (db) => {
        const missing = await inspect(db, (database) => migrateAllBut(database, 1));
        expect(missing).toEqual([NEWEST]);
        const before = await inspect(db, migrationsRecorded);
        expect(before).toHaveLength(ALL.length - 1);
        const refusal = `the database is 1 migration behind this code, missing ${NEWEST}: apply it first with \`npm run db:migrate\``;

        const check = await runEntry('cli/ledger-check.ts', db.env);
        expect(check.code).toBe(2);
        expect(check.stderr).toContain(refusal);
        expect(check.stdout).toBe('');

        const reset = await runEntry('cli/admin-reset.ts', db.env);
        expect(reset.code).toBe(1);
        expect(reset.stderr).toContain(refusal);
        expect(reset.stdout).toBe('');

        await inspect(db, async (database) => {
          expect(await migrationsRecorded(database)).toEqual(before);
          const [operators] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from operators`,
          );
          expect(operators?.n).toBe(0);
        });

        const migrated = await runEntry('cli/db-migrate.ts', db.env);
        expect(migrated.code).toBe(0);
        expect(migrated.stdout).toBe(`applied ${NEWEST}\n1 migration applied: the database is current (${NEWEST})\n`);
        const checked = await runEntry('cli/ledger-check.ts', db.env);
        expect(checked.code).toBe(0);
        expect(checked.stdout).toContain('checked every transfer (no checkpoint yet)\nledger OK');
        const full = await runEntry('cli/ledger-check.ts', db.env, undefined, ['--full']);
        expect(full).toMatchObject({ code: 0, stdout: expect.stringContaining('checked every transfer (--full)') });
        const wrong = await runEntry('cli/ledger-check.ts', db.env, undefined, ['--fast']);
        expect(wrong).toMatchObject({ code: 2, stdout: '', stderr: 'usage: npm run ledger:check [-- --full]\n' });
      }),
    SLOW,
  );
});

describe('migration 0030 on a database that already has operators', () => {
  // docs/operations.md, "Approvers and vouching": two approvers already there mean four eyes is
  // established, and the accounts count as vouched; a lone owner still gets the bootstrap exemption.
  it(
    'establishes four eyes only where two approvers exist, and awaits no vouch of existing accounts',
    async () => {
      const behind = ALL.length - ALL.indexOf('0030_operator_vouch');
      const migrated = async (roles: string[]) => {
        let answer: { facts: number; waiting: number; vouched: number } | undefined;
        await onEmptyDatabase(async (db) => {
          answer = await inspect(db, async (database) => {
            await migrateAllBut(database, behind);
            for (const [i, role] of roles.entries()) {
              await database.db.execute(
                sql`insert into operators (username, password_hash, role) values (${`op${i}`}, 'x', ${role})`,
              );
            }
            await database.migrate();
            const [row] = await queryRows<{ facts: number; waiting: number; vouched: number }>(
              database.db,
              sql`select (select count(*)::int from platform_facts where fact = 'four-eyes') as facts,
                         (select count(*)::int from operators where vouch_needed) as waiting,
                         (select count(*)::int from operators where vouched_at is not null) as vouched`,
            );
            return row;
          });
        });
        return answer;
      };
      expect(await migrated(['owner', 'finance', 'support'])).toEqual({ facts: 1, waiting: 0, vouched: 2 });
      expect(await migrated(['owner', 'support'])).toEqual({ facts: 0, waiting: 0, vouched: 0 });
    },
    SLOW,
  );
});
