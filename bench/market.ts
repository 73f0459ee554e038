// Candles at scale, on PostgreSQL: one year of 1-minute BTCUSDT candles (525,600), rolled up to
// hours by the ingestion's own SQL, then POST-equivalent GET blockCoin/getKlineInfo aggregated to
// daily candles (365) through the real server: p50/p99, budget < 50 ms. Baseline, same run: the
// same daily aggregation read straight from the 1-minute candles, which is why hours are kept.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { rollUpHours } from '../apps/api/src/modules/market/ingest.ts';
import { dropDatabase, freshDatabase, percentile, quick, record, startServer } from './lib.ts';

const DAYS = quick ? 30 : 365;
const READS = quick ? 20 : 300;
const BUDGET_MS = 50;

async function main() {
  const name = 'minecloud_bench_market';
  const url = await freshDatabase(name);
  const database = await openDatabase({ kind: 'pg', url, poolMax: 4 });
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  const start = end - DAYS * 86_400_000;
  try {
    await database.migrate();
    const db = database.db;
    let began = Date.now();
    // A random walk in cents, valid candles (low ≤ open, close ≤ high), one per minute for DAYS days.
    await db.execute(
      sql`insert into candles_1m (symbol, open_time, open, high, low, close, volume, source)
          select 'BTCUSDT', t, o, greatest(o, c) + 1.5, least(o, c) - 1.5, c, round((random() * 20)::numeric, 4), 'exchange'
          from (
            select timestamptz 'epoch' + (${start}::bigint + g::bigint * 60000) * interval '1 millisecond' as t,
              (60000 + (sum(step) over (order by g) - step) / 100.0)::numeric(20, 2) as o,
              (60000 + sum(step) over (order by g) / 100.0)::numeric(20, 2) as c
            from (select g, (floor(random() * 201) - 100)::int as step
                  from generate_series(0, ${DAYS * 1440 - 1}) g) steps) walk`,
    );
    const minutesMs = Date.now() - began;
    began = Date.now();
    await db.transaction((tx) => rollUpHours(tx, 'BTCUSDT', new Date(start), new Date(end)));
    const rollupMs = Date.now() - began;
    await db.execute(sql`vacuum analyze candles_1m`);
    await db.execute(sql`vacuum analyze candles_1h`);
    const [counts] = await queryRows<{ minutes: number; hours: number }>(
      db,
      sql`select (select count(*)::int from candles_1m) as minutes, (select count(*)::int from candles_1h) as hours`,
    );

    // Baseline: daily candles aggregated on read from the minutes themselves.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const direct: number[] = [];
    for (let i = 0; i < Math.min(READS, 20); i++) {
      const t0 = performance.now();
      await client.query(
        `select date_trunc('day', open_time, 'UTC') d, (array_agg(open order by open_time))[1], max(high), min(low),
           (array_agg(close order by open_time desc))[1], sum(volume)
         from candles_1m where symbol = 'BTCUSDT' and open_time >= $1 group by 1 order by 1`,
        [new Date(start).toISOString()],
      );
      direct.push(performance.now() - t0);
    }
    await client.end();

    const server = await startServer({ DATABASE_URL: url, DEMO: '0', MODE: 'api' });
    const latencies: number[] = [];
    let candles = 0;
    try {
      const call = `${server.url}/market-api/blockCoin/getKlineInfo?symbol=BTCUSDT&interval=1d&limit=${DAYS}`;
      // Steady state: the server's code paths compiled and its pool connected before timing.
      for (let i = 0; i < 50; i++) await (await fetch(call)).text();
      for (let i = 0; i < READS; i++) {
        const t0 = performance.now();
        const res = await fetch(call);
        const body = (await res.json()) as { code: number; data: { list: unknown[] } };
        latencies.push(performance.now() - t0);
        if (body.code !== 0) throw new Error(`getKlineInfo answered ${JSON.stringify(body)}`);
        candles = body.data.list.length;
      }
    } finally {
      await server.stop();
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const directP50 = percentile(direct, 50);
    const pass = p99 < BUDGET_MS;
    console.log(
      `\nmarket: getKlineInfo daily over ${DAYS} days of 1-minute candles (${counts?.minutes} minutes, ${counts?.hours} hours; ` +
        `loaded in ${minutesMs} ms, rolled up to hours in ${rollupMs} ms)`,
    );
    console.log(
      `  through the server: ${candles} daily candles, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (budget < ${BUDGET_MS} ms): ${pass ? 'pass' : 'FAIL'}`,
    );
    console.log(
      `  baseline, the same days aggregated straight from the minutes in SQL: p50 ${directP50.toFixed(1)} ms; ` +
        `via hours ${(directP50 / p50).toFixed(1)}x faster end to end`,
    );
    record({
      bench: 'market',
      metric: `getKlineInfo 1d × ${DAYS}, p50`,
      value: p50,
      digits: 1,
      unit: 'ms',
      budget: '',
      pass: null,
    });
    record({
      bench: 'market',
      metric: `getKlineInfo 1d × ${DAYS}, p99`,
      value: p99,
      digits: 1,
      unit: 'ms',
      budget: `< ${BUDGET_MS} ms`,
      pass,
    });
    record({
      bench: 'market',
      metric: 'baseline: same days from minutes in SQL, p50',
      value: directP50,
      digits: 1,
      unit: 'ms',
      budget: '',
      pass: null,
    });
    record({
      bench: 'market',
      metric: 'daily candles answered',
      value: candles,
      unit: '',
      budget: `= ${DAYS}`,
      pass: candles === DAYS,
      correctness: true,
    });
  } finally {
    await database.close();
    await dropDatabase(name);
  }
}

await main();
