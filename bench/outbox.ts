// Notifying commits: what the live stream costs a money transaction (docs/operations.md, "The live
// stream"). pgbench, 32 clients, on one database with the app's schema, runs the same money write
// three ways, in turns (base, outbox, notify, six times over):
// - base: a money write (one account row updated, one history row inserted: pgbench's TPC-B without
//   its ten hot branch rows, whose lock would make every variant take turns and hide the difference);
// - outbox: the same write, and its event row written in the transaction the way the app writes it:
//   by a statement trigger on the history table that reads the statement's transition table, as
//   `stream_transfers` does on `transfers` (migration 0033). No extra statement: the money write does
//   not wait for another round trip, only for the row, its index entry and its WAL. Budget ≥ 0.8× base;
// - notify: the outbox row plus a NOTIFY in the transaction, as the triggers did before the relay
//   (a listener connected, as each API process was): for comparison. A transaction with a pending
//   NOTIFY holds PostgreSQL's one notify lock from before its commit to after its WAL flush.
// The trigger is on for the outbox and notify turns and off for the base turns.
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
const ROUNDS = quick ? 1 : 6;
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
// As the app's triggers do after 0033: one event per row of the statement, from its transition
// table; `bench_notify` also NOTIFYs, as the triggers did before the relay (0022-0024).
const TRIGGERS = `CREATE FUNCTION bench_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stream_events (user_id, kind, data)
  SELECT aid, 'balance', jsonb_build_object('asset', 'GOLD', 'transfer', 'gift') FROM moved;
  IF TG_NAME = 'bench_notify' THEN
    PERFORM pg_notify('stream_events', currval(pg_get_serial_sequence('stream_events', 'id'))::text);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER bench_outbox AFTER INSERT ON pgbench_history REFERENCING NEW TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION bench_outbox();
CREATE TRIGGER bench_notify AFTER INSERT ON pgbench_history REFERENCING NEW TABLE AS moved
  FOR EACH STATEMENT EXECUTE FUNCTION bench_outbox();`;
// One script: the variants differ only in which trigger is on.
const SCRIPT = `${HEAD}END;\n`;
const VARIANTS = ['base', 'outbox', 'notify'] as const;

const url = await freshDatabase(name);
const dir = mkdtempSync(path.join(tmpdir(), 'minecloud-outbox-'));
const listener = new pg.Client({ connectionString: url });
const admin = new pg.Client({ connectionString: url });
try {
  const database = await openDatabase({ kind: 'pg', url, poolMax: 2 });
  await database.migrate();
  await database.close();
  execFileSync('pgbench', ['-i', '-q', '-s', String(SCALE), url], { stdio: 'ignore' });
  await admin.connect();
  await admin.query(TRIGGERS);
  await listener.connect();
  await listener.query('listen stream_events');
  let notified = 0;
  listener.on('notification', () => {
    notified += 1;
  });

  const tps: Record<(typeof VARIANTS)[number], number> = { base: 0, outbox: 0, notify: 0 };
  const script = path.join(dir, 'money-write.sql');
  writeFileSync(script, SCRIPT);
  // In turns (base, outbox, notify, base, ...), so that the machine's drift and the tables' growth
  // fall on every variant alike; each variant's figure is the mean of its turns.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const variant of VARIANTS) {
      // Every turn starts from a checkpoint: the first change of each page after one writes the whole
      // page to the WAL, so a checkpoint inside one variant's turn would charge it alone for that.
      await admin.query('CHECKPOINT');
      for (const trigger of ['outbox', 'notify']) {
        await admin.query(
          `ALTER TABLE pgbench_history ${variant === trigger ? 'ENABLE' : 'DISABLE'} TRIGGER bench_${trigger}`,
        );
      }
      // Not a blocking call: the listener reads its notifications meanwhile, as an API process did.
      const { stdout: out } = await promisify(execFile)(
        'pgbench',
        ['-n', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS / ROUNDS), '-f', script, url],
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
  await admin.end().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  await dropDatabase(name);
}
