#!/usr/bin/env node
// The server's production artefact: apps/api/src bundled by esbuild into plain JavaScript in
// dist/server (server.mjs and one .mjs per command line tool), with the migrations beside it, so
// that production runs on Node alone: no TypeScript, no tsx (docs/operations.md, "Build and deploy").
//
// The packages listed in apps/api's `dependencies` stay outside the bundle and are what
// `npm ci --omit=dev` installs: those with native code (sharp, argon2), files of their own (PGlite's
// WebAssembly, jsdom, the API explorer's pages) or loaded by name, and zod, which the Fastify type
// provider must share with the schemas. Every other package the server imports is bundled, and so is
// a devDependency: viem alone is 61 MB installed.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const out = path.join(root, 'dist/server');

/** The server and each tool an operator runs in production (package.json scripts, scripts/cli.mjs). */
const ENTRIES = {
  server: 'src/server.ts',
  'ledger-check': 'src/cli/ledger-check.ts',
  'admin-reset': 'src/cli/admin-reset.ts',
  'verify-proof': 'src/cli/verify-proof.ts',
  'verify-network-day': 'src/cli/verify-network-day.ts',
  'reserves-sign': 'src/cli/reserves-sign.ts',
  'db-migrate': 'src/cli/db-migrate.ts',
  'totp-rotate': 'src/cli/totp-rotate.ts',
};

/** The workspace's own packages (the contract) are TypeScript source: always bundled. */
const runtime = Object.keys(JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8')).dependencies).filter(
  (name) => !name.startsWith('@minecloud/'),
);
/** A bare import is external when it names one of those packages, or a file inside one. */
const external = (specifier) => runtime.some((name) => specifier === name || specifier.startsWith(`${name}/`));

async function main() {
  rmSync(out, { recursive: true, force: true });
  const entryPoints = Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, path.join(api, file)]));
  const result = await build({
    entryPoints,
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    // apps/api/src/lib/static-apps.ts: the bundle finds dist/web and dist/admin beside dist/server.
    define: { MINECLOUD_BUNDLE: 'true' },
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'runtime-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('node:') || external(args.path)) return { path: args.path, external: true };
            return undefined;
          });
        },
      },
    ],
  });
  // db/client.ts reads `./migrations` beside its own module: in the bundle, beside these files.
  cpSync(path.join(api, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  console.log(`dist/server: ${Object.keys(entryPoints).join(', ')} (${(bytes / 1024 / 1024).toFixed(1)} MB with maps)`);
}

await main();
