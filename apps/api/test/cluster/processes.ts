import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { bundledEntry } from '../entry.ts';
import { freePort } from '../net.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

/** One real server process (`apps/api/src/server.ts`) on a fixed port of 127.0.0.1. */
export type ApiProcess = {
  readonly name: string;
  readonly url: string;
  /** Everything it wrote to stderr and stdout, for a failing test to show. */
  output(): string;
  /** SIGKILL: no shutdown hook, no draining; in-flight requests die with it. */
  kill9(): Promise<void>;
  /** Starts it again on the same port and waits until it is ready. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function waitReady(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready after 60 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function apiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';
  const exited = () => new Promise<void>((r) => (!child || hasExited(child) ? r() : child.once('exit', () => r())));
  const handle: ApiProcess = {
    name,
    url,
    output: () => log,
    async start() {
      // The bundled server, not `--import tsx`: every start (and these tests start many) then costs
      // about half the CPU (test/entry.ts).
      child = spawn(process.execPath, [await bundledEntry('server.ts')], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
          DEMO: '0',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-200_000);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      await waitReady(url, child, () => log);
    },
    async kill9() {
      child?.kill('SIGKILL');
      await exited();
    },
    async stop() {
      if (!child || hasExited(child)) return;
      child.kill('SIGTERM');
      await exited();
    },
  };
  await handle.start();
  return handle;
}
