#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure. Nothing is skipped silently:
// a missing prerequisite (Chromium) fails; the PostgreSQL run needs TEST_DATABASE_URL and says so.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startQuiet } from './quiet-child.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'minecloud-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
/** Each step's wall time, printed at the end: where a run's time went, without a second run. */
const times = [];
const seconds = (since) => Math.round((Date.now() - since) / 1000);

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const since = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  times.push(`${title} ${seconds(since)} s`);
  return result.status ?? 1;
}

/**
 * A step started now and ended later with `finish`, beside the steps in between; its output is
 * printed whole under its own title when it is finished, so that it never interleaves theirs.
 */
function background(title, command, args) {
  const { child, ended } = startQuiet(command, args, { cwd: root });
  running.add(child);
  const since = Date.now();
  return { title, child, ended: ended.then((result) => ({ ...result, took: seconds(since) })) };
}

async function finish({ title, child, ended }) {
  const { code, output, took } = await ended;
  times.push(`${title} ${took} s (beside the steps above)`);
  running.delete(child);
  console.log(`\n━━ ${title} ━━`);
  process.stdout.write(output);
  stopOnFailure(title, code);
}

const running = new Set();

function stopOnFailure(title, status) {
  if (status === 0) return;
  for (const child of running) child.kill();
  console.error(`\n✗ ${title} failed`);
  summary();
  process.exit(status);
}

function run(title, command, args, env = {}) {
  stopOnFailure(title, step(title, command, args, env));
}

function vitest(title, projects, env = {}) {
  const file = path.join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const status = step(title, 'npx', args, env);
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  }
  stopOnFailure(title, status);
}

function summary() {
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  console.log(`${seconds(started)} s in all: ${times.join(', ')}`);
}

if (!existsSync('/usr/bin/chromium')) {
  console.error(
    '✗ Debian Chromium is missing at /usr/bin/chromium: run `apt-get install -y chromium fonts-noto-cjk` (the e2e tests need it).',
  );
  process.exit(1);
}

// The build only feeds the e2e step and reads no file the checks write: it runs beside typecheck
// and lint, which leave a core idle for part of their run, and is done before any test starts.
const build = background('build', 'npm', ['run', 'build']);
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npx', ['biome', 'check', '.']);
await finish(build);
const projects = ['scripts', 'contract', 'bench', 'api', 'web', 'admin'];
if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
else
  console.warn(
    '\n!! TEST_DATABASE_URL is not set: the integration suite runs on PGlite only, not again on PostgreSQL.',
  );
vitest('unit and integration', projects);
// Real server processes under load and faults (kill -9, a database crash) on a PostgreSQL of their
// own: alone, so their timing does not compete with the suites above.
if (process.env.TEST_DATABASE_URL) vitest('several processes on PostgreSQL', ['cluster']);
vitest('e2e in Chromium', ['e2e']);
summary();
