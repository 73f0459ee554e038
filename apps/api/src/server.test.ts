import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { inspect, migrateAllBut, migrationsRecorded, onEmptyDatabase, testDbKind } from '../test/database.ts';
import { runEntry } from '../test/entry.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';

const { PAYOUT_KEY: key, ...withoutKey } = PRODUCTION_ENV;
const hotWallet = privateKeyToAddress(key as `0x${string}`);

// The server entry itself, started as `npm start` starts it: what it refuses, it refuses before it
// connects to anything or listens.
describe('server.ts refuses to start', () => {
  it('as a production MODE=api process given the hot wallet key, saying why, without showing it', async () => {
    const run = await runEntry('server.ts', {
      ...PRODUCTION_ENV,
      // Nothing listens there: the refusal must come before any connection.
      DATABASE_URL: 'postgres://minecloud@127.0.0.1:9/none',
      HOST: '127.0.0.1',
      PORT: '0',
      MODE: 'api',
      PAYOUT_ADDRESS: hotWallet,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('PAYOUT_KEY must not be given to a MODE=api process');
    expect(run.stderr).toContain('a flaw in any route handler would then reach the hot wallet');
    expect(run.stdout + run.stderr).not.toContain(key.slice(2));
  });

  // Production needs PostgreSQL; on PGlite the same refusal, of a development process told not to migrate.
  it(
    'on a database one migration behind its code, naming the migration, and changes nothing',
    () =>
      onEmptyDatabase(async (db) => {
        const [missing] = await inspect(db, (database) => migrateAllBut(database, 1));
        const before = await inspect(db, migrationsRecorded);
        const settings: Record<string, string> =
          testDbKind() === 'pg'
            ? { ...withoutKey, MODE: 'api', PAYOUT_ADDRESS: hotWallet }
            : { NODE_ENV: 'development', DEMO: '0', MIGRATE_ON_START: '0' };
        const run = await runEntry('server.ts', { ...settings, ...db.env, HOST: '127.0.0.1', PORT: '0' });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(
          `MineCloud does not start: the database is 1 migration behind this code, missing ${missing}: apply it first with \`npm run db:migrate\``,
        );
        expect(run.stderr).toContain('(or start one process with MIGRATE_ON_START=1)');
        expect(await inspect(db, migrationsRecorded)).toEqual(before);
      }),
    120_000,
  );
});
