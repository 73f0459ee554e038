// HTTP load from several processes (bench/load-worker.ts), so that the load generator is not what
// sets the pace; with the CPU each side used while all of them were running.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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
};

/** Clock ticks of a process's main thread, its event loop (Linux, /proc). */
const loopTicks = (pid: number) => procTicks(`/proc/${pid}/task/${pid}/stat`)?.ticks ?? 0;

/**
 * Drives `spec.urls` for `spec.duration` s from `processes` load processes (connections split among
 * them) and reports answers a second and where the CPU went: the servers (`servers`, by pid), the
 * load processes, PostgreSQL and the rest.
 */
export async function runLoad(
  spec: Omit<LoadSpec, 'membersFile'>,
  bearer: string[],
  servers: number[],
  processes = Number(process.env.BENCH_LOAD_PROCESSES ?? 2),
): Promise<Load> {
  const dir = path.join(root, '.tmp/bench');
  mkdirSync(dir, { recursive: true });
  const membersFile = path.join(dir, `load-members-${randomUUID()}.json`);
  writeFileSync(membersFile, JSON.stringify({ bearer }));
  try {
    const children = Array.from({ length: processes }, (_, i) => {
      const own: LoadSpec = {
        ...spec,
        membersFile,
        connections: Math.floor(spec.connections / processes) + (i < spec.connections % processes ? 1 : 0),
      };
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/load-worker.ts')], {
        cwd: root,
        env: { ...process.env, BENCH_LOAD: JSON.stringify(own) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout });
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const result = new Promise<LoadResult>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`load process exited with ${code} before its totals`)));
        lines.on('line', (line) => {
          if (line === 'started') started();
          else resolve(JSON.parse(line) as LoadResult);
        });
      });
      return { pid: child.pid as number, running, result };
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
    };
  } finally {
    rmSync(membersFile, { force: true });
  }
}
