// HTTP load from wrk (Debian's `wrk`, C and LuaJIT) where it is installed, else from several
// autocannon processes (bench/load-worker.ts), so that the load generator is not what sets the pace;
// with the CPU each side used while all of them were running. On 2 cores autocannon needs more CPU
// per request than a bare hello-world does to answer it, so it cannot keep a server busy; wrk needs
// about a sixth of that. BENCH_LOAD_GENERATOR=autocannon chooses autocannon where wrk is installed.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { cpuSnapshot, cpuSplit, procTicks, root } from './lib.ts';
import type { LoadResult, LoadSpec } from './load-worker.ts';

export type Load = {
  perSecond: number;
  failed: number;
  /** The worst p99 latency of the load processes, ms. */
  p99: number;
  /** Cores used, from the first second every load process was running to one second before the end. */
  cpu: Record<string, number>;
  /** The busiest thread of each server (its event loop), in cores: 1.0 means it never waited. */
  serverLoop: number;
  generator: Generator;
};

export type Generator = 'wrk' | 'autocannon';

/** Whether `wrk` is an executable on the PATH. */
export function wrkInstalled(): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, 'wrk'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** wrk where it is on the PATH (or BENCH_LOAD_GENERATOR says which), else autocannon. */
export function loadGenerator(): Generator {
  const chosen = process.env.BENCH_LOAD_GENERATOR;
  if (chosen === 'wrk' || chosen === 'autocannon') return chosen;
  return wrkInstalled() ? 'wrk' : 'autocannon';
}

/**
 * wrk's script: a random member's header on each request, an answer counted as failed unless it is a
 * 200 (and, if asked, an envelope of code 0), and one JSON line of totals at the end, as
 * bench/load-worker.ts prints them. JWTs and the pattern hold no character Lua strings escape.
 */
function wrkScript(bearer: string[], expectCodeZero: boolean): string {
  return `local bearer = { ${bearer.map((header) => `"${header}"`).join(', ')} }
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) failed = 0 end
function request()
  return wrk.format(nil, nil, { Authorization = bearer[math.random(#bearer)] })
end
function response(status, headers, body)
  if status ~= 200 ${expectCodeZero ? `or not string.find(body, '^{"code" ?: ?0,')` : ''} then failed = failed + 1 end
end
function done(summary, latency, requests)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + thread:get("failed") end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"failed":%d,"p99":%.3f}\\n', summary.requests,
    failed + e.connect + e.read + e.write + e.timeout, latency:percentile(99) / 1000))
end
`;
}

type Child = { pid: number; running: Promise<void>; result: Promise<LoadResult> };

/** A load process whose last line on stdout is its totals (JSON); `ready` says it has started. */
function child(command: string, args: string[], env: NodeJS.ProcessEnv, ready: 'started' | 'spawned'): Child {
  const spawned = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: spawned.stdout! });
  let started!: () => void;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  if (ready === 'spawned') spawned.once('spawn', () => started());
  const result = new Promise<LoadResult>((resolve, reject) => {
    spawned.once('exit', (code) => reject(new Error(`${command} exited with ${code} before its totals`)));
    lines.on('line', (line) => {
      if (line === 'started') started();
      else if (line.startsWith('{')) resolve(JSON.parse(line) as LoadResult);
    });
  });
  return { pid: spawned.pid as number, running, result };
}

/** Clock ticks of a process's main thread, its event loop (Linux, /proc). */
const loopTicks = (pid: number) => procTicks(`/proc/${pid}/task/${pid}/stat`)?.ticks ?? 0;

/**
 * Drives `spec.urls` for `spec.duration` s from wrk, or from `processes` autocannon processes
 * (connections split among them), and reports answers a second and where the CPU went: the servers (`servers`, by pid), the
 * load processes, PostgreSQL and the rest.
 */
export async function runLoad(
  spec: Omit<LoadSpec, 'membersFile'>,
  bearer: string[],
  servers: number[],
  processes = Number(process.env.BENCH_LOAD_PROCESSES ?? 2),
  generator = loadGenerator(),
): Promise<Load> {
  const dir = path.join(root, '.tmp/bench');
  mkdirSync(dir, { recursive: true });
  // What the generator reads the members' headers from: wrk's script, or autocannon's members file.
  const file = path.join(dir, `load-${randomUUID()}.${generator === 'wrk' ? 'lua' : 'json'}`);
  writeFileSync(
    file,
    generator === 'wrk' ? wrkScript(bearer, spec.expectCodeZero === true) : JSON.stringify({ bearer }),
  );
  try {
    // Connections split among the processes (autocannon) or the URLs (one wrk thread each).
    const share = (count: number, i: number) =>
      Math.floor(spec.connections / count) + (i < spec.connections % count ? 1 : 0);
    const children =
      generator === 'wrk'
        ? spec.urls.map((url, i) =>
            child(
              'wrk',
              ['-t1', `-c${share(spec.urls.length, i)}`, `-d${spec.duration}s`, '-s', file, `${url}${spec.path}`],
              process.env,
              'spawned',
            ),
          )
        : Array.from({ length: processes }, (_, i) => {
            const own: LoadSpec = { ...spec, membersFile: file, connections: share(processes, i) };
            return child(
              process.execPath,
              ['--import', 'tsx', path.join(root, 'bench/load-worker.ts')],
              { ...process.env, BENCH_LOAD: JSON.stringify(own) },
              'started',
            );
          });
    await Promise.all(children.map((child) => child.running));
    const window = Math.max(1, spec.duration - 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = cpuSnapshot();
    const loopsBefore = servers.map(loopTicks);
    await new Promise((resolve) => setTimeout(resolve, window * 1000));
    const after = cpuSnapshot();
    const loopsAfter = servers.map(loopTicks);
    const results = await Promise.all(children.map((child) => child.result));
    const cpu = cpuSplit(before, after, {
      servers: servers,
      'load generator': children.map((child) => child.pid),
    });
    delete cpu['this process'];
    // A core's ticks over the window, as cpuSplit counts them.
    const coreTicks = (after.all - before.all) / availableParallelism();
    const serverLoop = Math.max(...loopsAfter.map((ticks, i) => (ticks - loopsBefore[i]!) / coreTicks));
    return {
      perSecond: results.reduce((sum, r) => sum + r.requests, 0) / spec.duration,
      failed: results.reduce((sum, r) => sum + r.failed, 0),
      p99: Math.max(...results.map((r) => r.p99)),
      cpu,
      serverLoop,
      generator,
    };
  } finally {
    rmSync(file, { force: true });
  }
}
