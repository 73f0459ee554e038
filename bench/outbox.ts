// Notifying commits: what the live stream costs a money transaction (docs/operations.md, "The live
// stream"). pgbench, 32 clients, on one database with the app's schema, runs the same write three
// ways, in turns (base, outbox, notify, three times over):
// - base: a money write (one account row updated, one history row inserted: pgbench's TPC-B without
//   its ten hot branch rows, whose lock would make every variant take turns and hide the difference);
// - outbox: the same, plus the event row that the app's triggers write in the transaction (migration
//   0033): budget ≥ 0.8× base;
// - notify: the outbox row plus a NOTIFY in the transaction, as the triggers did before the relay
//   (a listener connected, as each API process was): for comparison. A transaction with a pending
//   NOTIFY holds PostgreSQL's one notify lock from before its commit to after its WAL flush.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { dropDatabase, freshDatabase, quick, record } from './lib.ts';

const name = 'minecloud_bench_outbox';
const CLIENTS = 32;
const SECONDS = quick ? 4 : 30;
const ROUNDS = quick ? 1 : 3;
const SCALE = quick ? 1 : 10;
const BUDGET = 0.8;

const HEAD = `\\set aid random(1, 100000 * :scale)
\\set tid random(1, 10 * :scale)
\\set bid random(1, 1 * :scale)
\\set delta random(-5000, 5000)
BEGIN;
UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
`;
const OUTBOX = `INSERT INTO stream_events (user_id, kind, data) VALUES (:aid, 'balance', '{"asset":"GOLD","transfer":"gift"}');
`;
const NOTIFY = `WITH e AS (INSERT INTO stream_events (user_id, kind, data) VALUES (:aid, 'balance', '{"asset":"GOLD","transfer":"gift"}') RETURNING id)
SELECT pg_notify('stream_events', id::text) FROM e;
`;
const SCRIPTS = { base: `${HEAD}END;\n`, outbox: `${HEAD}${OUTBOX}END;\n`, notify: `${HEAD}${NOTIFY}END;\n` };

const url = await freshDatabase(name);
const dir = mkdtempSync(path.join(tmpdir(), 'minecloud-outbox-'));
const listener = new pg.Client({ connectionString: url });
try {
  const database = await openDatabase({ kind: 'pg', url, poolMax: 2 });
  await database.migrate();
  await database.close();
  execFileSync('pgbench', ['-i', '-q', '-s', String(SCALE), url], { stdio: 'ignore' });
  await listener.connect();
  await listener.query('listen stream_events');
  let notified = 0;
  listener.on('notification', () => {
    notified += 1;
  });

  const tps: Record<keyof typeof SCRIPTS, number> = { base: 0, outbox: 0, notify: 0 };
  const variants = Object.keys(SCRIPTS) as (keyof typeof SCRIPTS)[];
  for (const variant of variants) writeFileSync(path.join(dir, `${variant}.sql`), SCRIPTS[variant]);
  // In turns (base, outbox, notify, base, ...), so that the machine's drift and the tables' growth
  // fall on every variant alike; each variant's figure is the mean of its turns.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of variants) {
      // Not a blocking call: the listener reads its notifications meanwhile, as an API process did.
      const { stdout: out } = await promisify(execFile)(
        'pgbench',
        [
          '-n',
          '-c',
          String(CLIENTS),
          '-j',
          '2',
          '-T',
          String(SECONDS / ROUNDS),
          '-f',
          path.join(dir, `${variant}.sql`),
          url,
        ],
        { encoding: 'utf8' },
      );
      const match = /tps = ([\d.]+)/.exec(out);
      if (!match) throw new Error(`pgbench printed no tps:\n${out}`);
      tps[variant] += Number(match[1]) / ROUNDS;
    }
  }
  const outboxRatio = tps.outbox / tps.base;
  const notifyRatio = tps.notify / tps.base;
  console.log(`\noutbox (pgbench, ${CLIENTS} clients, ${SECONDS} s a variant in ${ROUNDS} turns, scale ${SCALE})`);
  console.log(`  money write alone:             ${tps.base.toFixed(0)} tps`);
  console.log(
    `  with its outbox row:           ${tps.outbox.toFixed(0)} tps (${outboxRatio.toFixed(2)}×; budget ≥ ${BUDGET})`,
  );
  console.log(
    `  with an outbox row and NOTIFY: ${tps.notify.toFixed(0)} tps (${notifyRatio.toFixed(2)}×; the triggers before the relay; ${notified} notifications heard)`,
  );
  record({
    bench: 'outbox',
    metric: 'money write tps (baseline)',
    value: tps.base,
    unit: 'tps',
    budget: '',
    pass: null,
  });
  record({
    bench: 'outbox',
    metric: 'money write with its outbox row ÷ alone',
    value: outboxRatio,
    digits: 2,
    unit: '×',
    budget: `≥ ${BUDGET}`,
    pass: outboxRatio >= BUDGET,
    detail: `${tps.outbox.toFixed(0)} against ${tps.base.toFixed(0)} tps, ${CLIENTS} clients`,
  });
  record({
    bench: 'outbox',
    metric: 'money write with outbox row and NOTIFY ÷ alone (before the relay)',
    value: notifyRatio,
    digits: 2,
    unit: '×',
    budget: '',
    pass: null,
    detail: `${tps.notify.toFixed(0)} tps: what a NOTIFY in every money transaction cost`,
  });
} finally {
  await listener.end().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  await dropDatabase(name);
}
