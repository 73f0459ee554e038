#!/usr/bin/env node
// `npm start`: builds the member app and the console if they are not built, then runs the server
// (PGlite in ./data by default; DATABASE_URL for PostgreSQL). Every setting comes from the environment.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = ['apps/web/dist/index.html', 'apps/admin/dist/index.html'].every((f) => existsSync(path.join(root, f)));
if (!built || process.argv.includes('--rebuild')) {
  console.log('Building the member app and the operator console…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
