#!/usr/bin/env node
// `npm run bench [-- --quick]`: every benchmark, each printing a ratio against a baseline measured in
// the same run on the same machine. --quick only proves that they still run (CI uses it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const benches = ['bench/gifts.ts', 'bench/settlement.ts', 'bench/team.ts', 'bench/market.ts'];
let failed = false;
for (const bench of benches) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, bench), ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
