#!/usr/bin/env node
// `npm run typecheck`: every workspace's own `typecheck` script, `tsc -p bench` and `tsc -p scripts`, all at once.
// One after another they left a core idle for most of a minute: each tsc spends much of its time
// reading and parsing files on one thread. Each one's output is printed whole when it ends, so the
// messages of two projects never interleave; the run fails when any one fails.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startQuiet } from './quiet-child.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

const checks = workspaces
  .filter((dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).scripts?.typecheck)
  .map((dir) => ({ name: dir, command: 'npm', args: ['run', '--silent', 'typecheck', '-w', dir] }));
for (const dir of ['bench', 'scripts'])
  checks.push({ name: dir, command: process.execPath, args: [tsc, '--noEmit', '-p', dir] });

function check({ name, command, args }) {
  const started = Date.now();
  return startQuiet(command, args, { cwd: root }).ended.then(({ code, output }) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${code === 0 ? '✓' : '✗'} tsc ${name} (${seconds} s)`);
    if (output.trim()) console.log(output.trimEnd());
    return code === 0;
  });
}

const results = await Promise.all(checks.map(check));
if (results.includes(false)) process.exit(1);
