import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/operations.md, section 0: production runs the tools from dist/server, so a tool of
// apps/api/src/cli that build-server.mjs does not bundle would be missing there (`scripts/cli.mjs`
// refuses it: "dist/server/<tool>.mjs is missing").
const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'apps/api/src/cli');

describe('build-server.mjs', () => {
  it('bundles every command-line tool of apps/api/src/cli', () => {
    const sources = readdirSync(cli).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    // A module the tools share (database.ts) is imported by them, never run on its own.
    const shared = new Set(
      sources.flatMap((file) =>
        [...readFileSync(path.join(cli, file), 'utf8').matchAll(/from '\.\/([\w-]+\.ts)'/g)].map((m) => m[1]),
      ),
    );
    const tools = sources.filter((file) => !shared.has(file)).map((file) => file.replace(/\.ts$/, ''));
    expect(tools).toContain('totp-rotate');
    const build = readFileSync(path.join(root, 'scripts/build-server.mjs'), 'utf8');
    const missing = tools.filter((tool) => !build.includes(`'${tool}': 'src/cli/${tool}.ts'`));
    expect(missing).toEqual([]);
  });
});
