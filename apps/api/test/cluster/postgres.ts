import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../net.ts';

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port of 127.0.0.1: the
 * fault tests stop and restart it under load, which they must never do to the machine's shared
 * server (other suites run on it at the same time). Debian's server binaries are required; as root
 * (CI), the server runs as the `postgres` user, which initdb insists on.
 */
export type PrivatePostgres = {
  url: string;
  /** Stops at once, as a crash would (no checkpoint: the next start replays the WAL), then starts. */
  crashRestart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
};

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      `PostgreSQL's server binaries are missing under ${root}: run \`apt-get install -y postgresql\` (the fault tests start their own server)`,
    );
  }
  return path.join(root, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    return execFileSync(command, full, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'minecloud-pg-'));
  if (asRoot) {
    const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, idOf('-u'), idOf('-g'));
  }
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // fsync off: a crash of the server process (not of the machine) loses nothing the OS has.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async crashRestart(downMs = 1000) {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await new Promise((r) => setTimeout(r, downMs));
      start();
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down (a fault test failed half-way)
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
