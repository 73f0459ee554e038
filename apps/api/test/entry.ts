import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export type EntryRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs an entry of the API (`src/server.ts`, `src/cli/*.ts`) as npm runs it, `node --import tsx`,
 * from the repository's root, with only `env` (and PATH and HOME): no setting of the test run leaks
 * in. Resolves when it exits; one still running after `timeoutMs` is killed and fails the test.
 */
export function runEntry(entry: string, env: Record<string, string>, timeoutMs = 60_000): Promise<EntryRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src', entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} still running after ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
