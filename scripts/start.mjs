#!/usr/bin/env node
// `npm start`: builds the member app and the console if they are not built, then runs the server
// (PGlite in ./data by default; DATABASE_URL for PostgreSQL). Every setting comes from the environment.
// `--rebuild` builds again; `--no-build` never builds (the server then runs without the apps);
// `--server <file>` runs another entry of the same server (a prebuilt .mjs runs without tsx).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** As in apps/api/src/lib/shutdown.ts: a repeat this soon is the same stop delivered twice. */
const REPEATED_SIGNAL_MS = 1000;

// A log reader that goes away must not crash this process while the server still stops.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = ['apps/web/dist/index.html', 'apps/admin/dist/index.html'].every((f) => existsSync(path.join(root, f)));
if (!process.argv.includes('--no-build') && (!built || process.argv.includes('--rebuild'))) {
  console.log('Building the member app and the operator console…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A process group of its own, so that a terminal's Ctrl-C reaches the server once, through here,
// not twice (from the group and again from here). The IPC channel tells the server when this
// process is gone, even by SIGKILL, so that it never runs on unsupervised.
const given = process.argv.indexOf('--server');
const entry = given > 0 ? path.resolve(process.argv[given + 1] ?? '') : path.join(root, 'apps/api/src/server.ts');
const server = spawn(process.execPath, [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: process.env,
  detached: true,
});
server.channel?.unref();

const graceMs = (Number(process.env.SHUTDOWN_GRACE_SECONDS) || 10) * 1000;
let firstAt;
/** Passes each stop to the server once; a later second one asks it to exit at once. */
function forward(signal) {
  const now = Date.now();
  if (firstAt !== undefined && now - firstAt < REPEATED_SIGNAL_MS) return;
  if (firstAt === undefined) {
    firstAt = now;
    // The server ends itself within its grace period; this is only for a server that cannot.
    setTimeout(() => server.kill('SIGKILL'), graceMs + 2000).unref();
  }
  server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));

// A supervisor's SIGTERM to `npm start` reaches npm and its shell, not this process: the shell dies
// and this one is handed to init. A new parent means whoever started us is gone: stop as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) forward('SIGTERM');
}, 250).unref();
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
