// Imported first by npm's scripts (start, test, the tools): a Node older than the dependencies
// accept fails later with errors that name neither Node nor its version (".ts" files it cannot
// load), so the first line says which Node runs, which is needed, and the command that fixes it.
// Written for any Node that runs ES modules: no syntax or API newer than Node 14.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** package.json `engines`: the oldest Node every dependency accepts. */
const NEEDED = [22, 22];
const [major, minor] = process.versions.node.split('.').map(Number);

if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const bundled = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'node.cmd' : 'node');
  const fix = !existsSync(path.join(root, 'node_modules'))
    ? 'run `npm ci` first: it also brings Node 24 for npm’s scripts (tools/node)'
    : existsSync(bundled)
      ? 'run it through npm (`npm start`, `npm test`, `npm run …`): npm’s scripts use node_modules/.bin/node, Node 24'
      : `install Node 24 LTS (no Node 24 package of the npm registry fits ${process.platform}-${process.arch}), e.g. \`nvm install 24\``;
  console.error(
    `✗ MineCloud needs Node ${NEEDED.join('.')} or later (24 LTS is tested), but this is Node ${process.version} (${process.execPath}): ${fix}.`,
  );
  process.exit(1);
}
