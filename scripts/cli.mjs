#!/usr/bin/env node
// `npm run <tool> -- …` (ledger:check, admin:reset, db:migrate, proof:verify, network:verify, reserves:sign), or
// `node scripts/cli.mjs <tool> …` for a tool without an npm script (totp-rotate): the
// tool's built file in dist/server with NODE_ENV=production, or where tsx is not installed (a
// runtime install, `npm ci --omit=dev`); its TypeScript source through tsx otherwise, so that a
// developer never runs a stale build. Arguments, standard input and the exit code pass through.
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const source = path.join(root, 'apps/api/src/cli', `${name}.ts`);
const built = path.join(root, 'dist/server', `${name}.mjs`);
const fromSource =
  process.env.NODE_ENV !== 'production' && existsSync(source) && existsSync(path.join(root, 'node_modules/tsx'));

if (!fromSource && !existsSync(built)) {
  console.error(`✗ dist/server/${name}.mjs is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  fromSource ? ['--import', 'tsx', source, ...args] : ['--enable-source-maps', built, ...args],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
