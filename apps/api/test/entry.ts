import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../../..');
/** Beside apps/api's own node_modules, so that a bundle imports the packages its source would. */
const bundleDir = path.join(root, 'apps/api/node_modules/.cache', `entries-${process.pid}`);
const bundles = new Map<string, Promise<string>>();

/**
 * The entry bundled once per test process by esbuild, every package left outside: it starts in
 * half the CPU of `node --import tsx` (whose loader hooks see every module), and a test spawns
 * these again and again. Each module keeps its own `import.meta.url`, so that files it reads beside
 * itself (the migrations) are found as from the source.
 */
export function bundledEntry(entry: string): Promise<string> {
  let file = bundles.get(entry);
  if (!file) {
    const outfile = path.join(bundleDir, `${entry.replace(/\W+/g, '-')}.mjs`);
    file = bundleEntry(entry, outfile).then(() => outfile);
    bundles.set(entry, file);
  }
  return file;
}

/**
 * Bundles `apps/api/src/<entry>` and the workspace's own sources into `outfile`; packages stay
 * imports, resolved from beside it.
 */
export async function bundleEntry(entry: string, outfile: string): Promise<void> {
  const main = path.join(root, 'apps/api/src', entry);
  await build({
    entryPoints: [main],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'error',
    plugins: [
      {
        name: 'keep-module-urls',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@minecloud/') ? undefined : { path: args.path, external: true },
          );
          b.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8');
            // The entry's own stays the bundle's: its "am I the main module" check compares it
            // with process.argv[1].
            if (args.path === main) return { loader: 'ts', contents: source };
            const url = JSON.stringify(pathToFileURL(args.path).href);
            return { loader: 'ts', contents: source.replaceAll('import.meta.url', url) };
          });
        },
      },
    ],
  });
}

export type EntryRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs an entry of the API (`src/server.ts`, `src/cli/*.ts`), bundled from its source, with `args`,
 * from the repository's root, with only `env` (and PATH and HOME): no setting of the test run leaks in.
 * Resolves when it exits; one still running after `timeoutMs` is killed and fails the test.
 */
export async function runEntry(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
  args: string[] = [],
): Promise<EntryRun> {
  const child = spawn(process.execPath, [await bundledEntry(entry), ...args], {
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
