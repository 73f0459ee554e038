#!/usr/bin/env node
// `npm start`. In development: builds the member app, the console and the server bundle if they are
// not built, then runs the server from its TypeScript source (PGlite in ./data by default;
// DATABASE_URL for PostgreSQL). With NODE_ENV=production: runs the built server, dist/server, on
// Node alone, and never builds; a missing artefact stops it with one line saying to run
// `npm run build` (docs/operations.md, "Build and deploy"). Every setting comes from the environment.
// `--rebuild` builds again; `--no-build` never builds (the server then runs without the apps);
// `--server <file>` runs another entry of the same server (a prebuilt .mjs runs without tsx).
import './require-node.mjs';
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
const production = process.env.NODE_ENV === 'production';
/** What `npm run build` writes (scripts/build-server.mjs and the two Vite configs). */
const ARTEFACTS = ['dist/server/server.mjs', 'dist/web/index.html', 'dist/admin/index.html'];
const given = process.argv.indexOf('--server');

let entry;
if (given > 0) entry = path.resolve(process.argv[given + 1] ?? '');
else if (production) {
  const missing = ARTEFACTS.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) {
    console.error(
      `✗ ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: run \`npm run build\` first (production runs the built artefacts and never builds).`,
    );
    process.exit(1);
  }
  entry = path.join(root, 'dist/server/server.mjs');
} else {
  const built = ARTEFACTS.every((file) => existsSync(path.join(root, file)));
  if (!process.argv.includes('--no-build') && (!built || process.argv.includes('--rebuild'))) {
    console.log('Building the member app, the operator console and the server…');
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  entry = path.join(root, 'apps/api/src/server.ts');
}

// A process group of its own, so that a terminal's Ctrl-C reaches the server once, through here,
// not twice (from the group and again from here). The IPC channel tells the server when this
// process is gone, even by SIGKILL, so that it never runs on unsupervised.
const server = spawn(
  process.execPath,
  [...(entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps']), entry],
  {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: process.env,
    detached: true,
  },
);
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
