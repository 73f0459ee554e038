#!/usr/bin/env node
// `npm run bench [-- --quick]`: every benchmark, each in its own process, then one table of every
// figure with its budget (docs/architecture.md, "Quality rules"), also written as JSON to bench/results/. Each bench appends
// its figures as JSON lines to the file named by BENCH_RESULTS (bench/lib.ts, record()).
//
// --quick (CI) only proves that the benches still run: small sizes on a shared machine are not a
// measurement, so their budgeted figures show as "quick" and only correctness (the ledger balances,
// no request failed, the process did not crash) can fail it. A full run fails on any missed budget.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const mode = quick ? 'quick' : 'full';

// In this order; `full` ones are skipped by --quick; a file that does not exist (yet) is skipped.
const benches = [
  { name: 'gifts', file: 'bench/gifts.ts' },
  { name: 'outbox', file: 'bench/outbox.ts' },
  { name: 'settlement', file: 'bench/settlement.ts' },
  { name: 'settlement members', file: 'bench/settlement-members.ts' },
  { name: 'team', file: 'bench/team.ts' },
  { name: 'flash', file: 'bench/flash-sale.ts' },
  { name: 'market', file: 'bench/market.ts' },
  { name: 'liabilities', file: 'bench/liabilities.ts' },
  { name: 'reads', file: 'bench/reads.ts' },
  { name: 'stream', file: 'bench/stream.ts' },
  { name: 'pages', file: 'bench/pages.ts' },
  { name: 'lighthouse', file: 'bench/lighthouse.ts' },
  { name: 'soak', file: 'bench/soak.ts', full: true },
].filter((bench) => existsSync(path.join(root, bench.file)) && !(quick && bench.full));

// --only gifts,reads runs just those (to re-measure one figure); the table says the run was partial.
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : undefined;
if (only) {
  const unknown = only.filter((name) => !benches.some((bench) => bench.name === name));
  if (unknown.length || only.length === 0) {
    console.error(`--only takes bench names from: ${benches.map((bench) => bench.name).join(', ')}`);
    process.exit(2);
  }
  benches.splice(0, benches.length, ...benches.filter((bench) => only.includes(bench.name)));
  args.splice(onlyAt, 2);
}
const runName = only ? `${mode} run of ${only.join(', ')} only` : `${mode} run`;

const startedAt = new Date();
const runId = randomUUID();
const resultsDir = path.join(root, 'bench/results');
const scratch = path.join(root, '.tmp/bench');
mkdirSync(resultsDir, { recursive: true });
mkdirSync(scratch, { recursive: true });

/** @type {{ bench: string, metric: string, value: number | string, unit: string, digits?: number, budget: string, pass: boolean | null, correctness?: boolean, detail?: string }[]} */
const rows = [];
/** Benches whose process exited non-zero (crashed, or failed a figure that counts). */
const failedProcesses = [];
for (const bench of benches) {
  const rowsFile = path.join(scratch, `${bench.name}-${runId}.jsonl`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, bench.file), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: rowsFile, BENCH_RUN_ID: runId },
  });
  const own = existsSync(rowsFile)
    ? readFileSync(rowsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  rmSync(rowsFile, { force: true });
  rows.push(...own);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`  [${bench.name}: ${seconds} s, exit ${result.status ?? result.signal}]`);
  if (result.status !== 0) {
    failedProcesses.push(bench.name);
    // A failing figure explains the exit code; otherwise the process itself failed (a crash, a
    // correctness check that threw) and says so in the table.
    if (!own.some((row) => counts(row) && row.pass === false)) {
      rows.push({
        bench: bench.name,
        metric: 'bench process',
        value: `exit ${result.status ?? result.signal}`,
        unit: '',
        budget: 'exit 0',
        pass: false,
        correctness: true,
        detail: 'it stopped early: its output above says why; its other figures may be missing',
      });
    }
  }
}
const finishedAt = new Date();

/** Whether a row's pass or fail counts in this run: always in a full run, only correctness in quick. */
function counts(row) {
  return row.pass !== null && (!quick || row.correctness === true);
}

function resultOf(row) {
  if (row.pass === null) return 'info';
  if (counts(row)) return row.pass ? 'pass' : 'FAIL';
  return row.pass ? 'quick (pass)' : 'quick (fail)';
}

function shownValue(row) {
  let value = String(row.value);
  if (typeof row.value === 'number') {
    const digits = row.digits ?? (Number.isInteger(row.value) ? 0 : undefined);
    value =
      digits === undefined
        ? String(row.value)
        : row.value.toLocaleString('en', {
            minimumFractionDigits: digits,
            maximumFractionDigits: digits,
            // Thousands separated only where they help: 21,481/s, but 1517 tps.
            useGrouping: Math.abs(row.value) >= 10_000,
          });
  }
  if (!row.unit) return value;
  return row.unit === '×' || row.unit === '/s' ? `${value}${row.unit}` : `${value} ${row.unit}`;
}

const table = [['bench', 'figure', 'value', 'budget', 'result']].concat(
  rows.map((row) => [row.bench, row.metric, shownValue(row), row.budget, resultOf(row)]),
);
const widths = table[0].map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
// Numbers right-aligned, words left-aligned.
const line = (cells) =>
  cells.map((cell, column) => (column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ');
const ruler = widths.map((w) => '─'.repeat(w)).join('  ');
console.log(`\n${runName}, ${startedAt.toISOString()}, ${((finishedAt - startedAt) / 1000).toFixed(0)} s`);
console.log(line(table[0]));
console.log(ruler);
let previous = '';
for (const cells of table.slice(1)) {
  // A blank bench cell after the first row of each bench keeps the eye on the figures.
  console.log(line([cells[0] === previous ? '' : cells[0], ...cells.slice(1)]));
  previous = cells[0];
}
console.log(ruler);
const notes = rows.filter((row) => row.detail);
for (const row of notes) console.log(`${row.bench} · ${row.metric}: ${row.detail}`);
if (quick) {
  console.log(
    'quick: small sizes that only prove each bench still runs; budgets are shown but do not count (page weight is the real figure all the same).',
  );
}

const failures = rows.filter((row) => counts(row) && row.pass === false);
const ok = failures.length === 0 && failedProcesses.length === 0;
console.log(
  ok
    ? `\n${runName}: everything that counts passed`
    : `\n${runName} FAILED: ${failures.map((row) => `${row.bench} · ${row.metric}`).join('; ')}`,
);

const cpus = os.cpus();
const report = {
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt.toISOString(),
  mode,
  only: only ?? null,
  machine: {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  },
  rows,
};
const json = `${JSON.stringify(report, null, 2)}\n`;
// Colons are not welcome in file names everywhere.
const stamp = startedAt.toISOString().replaceAll(':', '-');
const kind = only ? `${mode}-only-${only.join('-')}` : mode;
writeFileSync(path.join(resultsDir, `${stamp}-${kind}.json`), json);
writeFileSync(path.join(resultsDir, `latest-${kind}.json`), json);
console.log(`results: bench/results/${stamp}-${kind}.json (and latest-${kind}.json)`);
process.exit(ok ? 0 : 1);
