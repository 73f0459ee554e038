#!/usr/bin/env node
// `npm test`: every check, in order, stopping at the first failure. Nothing is skipped silently:
// a missing prerequisite (Chromium) fails; the PostgreSQL run needs TEST_DATABASE_URL and says so.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(path.join(tmpdir(), 'minecloud-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function stopOnFailure(title, status) {
  if (status === 0) return;
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
}

if (!existsSync('/usr/bin/chromium')) {
  console.error(
    '✗ Debian Chromium is missing at /usr/bin/chromium: run `apt-get install -y chromium fonts-noto-cjk` (the e2e tests need it).',
  );
  process.exit(1);
}

run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npx', ['biome', 'check', '.']);
const projects = ['contract', 'bench', 'api', 'web', 'admin'];
if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
else
  console.warn(
    '\n!! TEST_DATABASE_URL is not set: the integration suite runs on PGlite only, not again on PostgreSQL.',
  );
vitest('unit and integration', projects);
// Real server processes under load and faults (kill -9, a database crash) on a PostgreSQL of their
// own: alone, so their timing does not compete with the suites above.
if (process.env.TEST_DATABASE_URL) vitest('several processes on PostgreSQL', ['cluster']);
run('build', 'npm', ['run', 'build']);
vitest('e2e in Chromium', ['e2e']);
summary();
