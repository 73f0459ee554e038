import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { bundleEntry } from '../entry.ts';
import { freePort } from '../net.ts';
import { type PrivatePostgres, startPrivatePostgres } from './postgres.ts';

// The stop guarantee (docs/operations.md, section 8, "Stopping"): `npm start` (scripts/start.mjs,
// which runs src/server.ts) sent SIGTERM during a burst of requests while the process reading its
// log goes away is gone within its grace period plus one second, every time, on a machine kept
// busy beside it. The old server looped on a log write to the dead pipe and never exited.
const root = path.resolve(import.meta.dirname, '../../../..');
const START = path.join(root, 'scripts/start.mjs');
/**
 * Three waves of AT_ONCE, each stop under the whole load: fifty took two and a half minutes of the
 * test run on a busy 2-core machine.
 */
const STOPS = 24;
/** Stops under way at once. */
const AT_ONCE = 8;
/**
 * Stops of the server exactly as `npm start` runs it (server.ts through tsx); the others run the
 * same server.ts bundled once by esbuild, which starts in half the CPU (tsx's loader hooks see every
 * module), so that the stops start quickly on two cores, one of them burnt.
 */
const THROUGH_TSX = 1;
/** Beside apps/api's own node_modules, so that the bundle imports the packages server.ts would. */
const bundleDir = path.join(root, 'apps/api/node_modules/.cache', `shutdown-test-${process.pid}`);
const bundle = path.join(bundleDir, 'server.mjs');
const GRACE_SECONDS = 4;
/** The guarantee: gone within the grace period plus this, whatever the machine is doing. */
const SLACK_MS = 1000;
/** Spins one core for the whole file: the stops must hold on a busy machine too. */
let burner: ChildProcess | undefined;

let postgres: PrivatePostgres;
let databaseUrl: string;
const jwtSecret = randomBytes(32).toString('hex');
const started = new Set<number>();

/** The state letter of a process (`Z` for a zombie), or null when there is none. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return null;
  }
}

const gone = (pid: number) => [null, 'Z', 'X'].includes(stateOf(pid));

type Started = { starter: ChildProcess; server: number; url: string; output: () => string };

/**
 * server.ts and the workspace's own sources in one file; packages stay imports. Each file keeps its
 * own `import.meta.url`, so that the migrations and the apps are found where server.ts finds them.
 */
async function bundleServer() {
  mkdirSync(bundleDir, { recursive: true });
  await bundleEntry('server.ts', bundle);
}

/** The processes below `parent`, from /proc (npm → its shell → start.mjs → the server). */
function descendantsOf(parent: number): number[] {
  const found: number[] = [];
  let frontier = [parent];
  while (frontier.length) {
    const next = frontier.flatMap((pid) => childrenOf(pid));
    found.push(...next);
    frontier = next;
  }
  return found;
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/**
 * Whether process `pid` itself holds the listening socket of 127.0.0.1:`port`, from /proc: an
 * answer on the port alone may come from another test's server that took the same port first.
 */
function listensOn(pid: number, port: number): boolean {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const listening = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === local && fields[3] === '0A')
    .map((fields) => `socket:[${fields[9]}]`);
  if (!listening.length) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return listening.includes(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

/** A start whose port another process took first is tried again on another port; nothing else is. */
async function npmStart(tsx: boolean, viaNpm = false): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await npmStartOnce(tsx, viaNpm);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function npmStartOnce(tsx: boolean, viaNpm: boolean): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = ['--no-build', ...(tsx ? [] : ['--server', bundle])];
  const [command, argv] = viaNpm ? ['npm', ['start', '--', ...args]] : [process.execPath, [START, ...args]];
  const starter = spawn(command as string, argv as string[], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Not development, which logs no line per request (app.ts): here every request logs two
      // lines, so that the log stream is busy when its reader goes away.
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DEMO: '0',
      MODE: 'api',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '2',
      JWT_SECRET: jwtSecret,
      ADMIN_BOOTSTRAP_PASSWORD: 'shutdown-test-password',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (starter.pid) started.add(starter.pid);
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  starter.stdout?.on('data', keep);
  starter.stderr?.on('data', keep);
  const deadline = Date.now() + 90_000;
  // Ready when the port answers and the socket answering is held by a process this start began.
  for (;;) {
    if (starter.exitCode !== null) throw new Error(`npm start exited (${starter.exitCode}):\n${log}`);
    try {
      const ready = (await fetch(`${url}/readyz`)).ok;
      const server = ready && descendantsOf(starter.pid as number).find((pid) => listensOn(pid, port));
      if (server) {
        started.add(server);
        return { starter, server, url, output: () => log };
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not ready after 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Requests without pause from `workers` callers until `stop()`; failures are expected once it stops.
 * Long query strings make long log lines, so that a reader that stops reading fills the pipe fast.
 */
function burst(url: string, workers: number) {
  let running = true;
  let answered = 0;
  const paths = ['/healthz', '/readyz', '/app-api/member/user/get', '/no/such/page'];
  const padding = `?pad=${'x'.repeat(4000)}`;
  const loops = Array.from({ length: workers }, async (_, i) => {
    for (let n = i; running; n++) {
      try {
        await (await fetch(`${url}${paths[n % paths.length]}${padding}`)).arrayBuffer();
        answered++;
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  });
  return {
    answered: () => answered,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type StopResult = { ms: number; answered: number; code: number | null; output: string };

/**
 * One stop: under load the log reader stops reading (the pipe fills, lines wait in the server),
 * SIGTERM, and the reader goes away (the pipe closes); how long until both processes are gone.
 */
async function stopUnderLoad(tsx: boolean): Promise<StopResult> {
  const { starter, server, url, output } = await npmStart(tsx);
  starter.stdout?.pause();
  starter.stderr?.pause();
  const load = burst(url, 6);
  await sleep(400);
  const signalled = Date.now();
  const exited = new Promise<number | null>((resolve) => starter.once('exit', (code) => resolve(code)));
  starter.kill('SIGTERM');
  await sleep(100);
  starter.stdout?.destroy();
  starter.stderr?.destroy();
  // Past the guarantee, so that a late stop is measured, not cut at the limit.
  const limit = signalled + GRACE_SECONDS * 1000 + SLACK_MS + 3000;
  while (!(starter.exitCode !== null || starter.signalCode !== null) || !gone(server)) {
    if (Date.now() > limit) break;
    await sleep(20);
  }
  const ms = Date.now() - signalled;
  await load.stop();
  const code = starter.exitCode !== null || starter.signalCode !== null ? await exited : null;
  return { ms, answered: load.answered(), code, output: output() };
}

beforeAll(async () => {
  postgres = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database minecloud');
  await admin.end();
  databaseUrl = postgres.url.replace(/\/postgres$/, '/minecloud');
  // Migrated once here, so that each start only finds it done.
  const database = await openDatabase({ kind: 'pg', url: databaseUrl, poolMax: 2 });
  await database.migrate();
  await database.close();
  await bundleServer();
  burner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  if (burner.pid) started.add(burner.pid);
}, 120_000);

afterAll(async () => {
  // Nothing may outlive the test, whatever failed.
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await postgres?.stop();
  rmSync(bundleDir, { recursive: true, force: true });
}, 60_000);

describe('stopping the server started by npm start', () => {
  it(`ends it within its grace period and a second, ${STOPS} times under load with the log reader gone, beside a CPU burner`, async () => {
    // A pool, not rounds: a new stop starts as soon as one ends, never waiting for a round's slowest.
    const results: StopResult[] = [];
    let next = 0;
    const runner = async () => {
      for (let i = next++; i < STOPS; i = next++) results.push(await stopUnderLoad(i < THROUGH_TSX));
    };
    await Promise.all(Array.from({ length: AT_ONCE }, runner));
    const late = results.filter((r) => r.ms > GRACE_SECONDS * 1000 + SLACK_MS);
    expect(late.map((r) => ({ ms: r.ms, code: r.code, output: r.output.slice(-2000) }))).toEqual([]);
    // Each stop happened under load, with the machine busy, and the server ended itself: 0 when the
    // graceful stop finished, 1 when its deadline passed first; never killed (137), never lingering.
    expect(burner?.exitCode).toBe(null);
    expect(results.every((r) => r.answered > 0)).toBe(true);
    const odd = results.filter((r) => r.code !== 0 && r.code !== 1);
    expect(odd.map((r) => ({ code: r.code, output: r.output.slice(-2000) }))).toEqual([]);
  }, 600_000);

  it('ends it when a supervisor stops npm itself (the signal reaches npm and its shell, not start.mjs)', async () => {
    const { starter, server } = await npmStart(false, true);
    // npm's shell, start.mjs and the server: none may be left.
    const family = descendantsOf(starter.pid as number);
    expect(family).toContain(server);
    const signalled = Date.now();
    starter.kill('SIGTERM');
    // start.mjs notices within a quarter second that its parent is gone, then the server stops.
    const limit = signalled + GRACE_SECONDS * 1000 + SLACK_MS + 500;
    while (!family.every(gone) && Date.now() < limit) await sleep(20);
    const left = family.filter((pid) => !gone(pid));
    expect({ left, ms: Date.now() - signalled }).toMatchObject({ left: [] });
  }, 120_000);
});
