import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { entryKeyOf, staticClosure } from './vite-manifest.ts';

// What each route of the operator console (apps/admin) loads, from its production build: the entry
// and its static imports (every route), plus the route's lazily loaded page and its static imports
// (Vite preloads them), as the manifest lists them. A route should load antd's shared core and the
// components its page shows, not the rest: with the sign-in and setup screens imported statically,
// the console put the components of every page in one chunk (1.1 MB, 344 KB gzip -9) that each
// route loaded before it could render. A page shows a component when a module it imports
// statically imports that component from antd; sizes are gzip -9, as bench/pages.ts counts them.

const root = path.resolve(import.meta.dirname, '..');
const admin = path.join(root, 'apps/admin');
const src = path.join(admin, 'src');

/**
 * The antd components the entry (main.tsx, the providers, the shell, the guards) may use: what every
 * route shows or may show (the menu and header, spinners, the error and 404 results), and the
 * providers every component needs. Any other component imported there is loaded by every route.
 */
const CORE = new Set([
  'App',
  'Button',
  'ConfigProvider',
  'Layout',
  'Menu',
  'Result',
  'Segmented',
  'Space',
  'Spin',
  'Tag',
  'Typography',
]);

/**
 * Components some pages show and others do not, each known by a module of antd that only it brings
 * in; `by`: the components that bring it in as well (antd's Card puts its tab list in Tabs, Table
 * its page size in a Select).
 */
const COMPONENTS: { name: string; module: string; by?: string[] }[] = [
  { name: 'Table', module: 'antd/es/table/index.js' },
  { name: 'DatePicker', module: 'antd/es/date-picker/index.js' },
  { name: 'Form', module: 'antd/es/form/index.js' },
  { name: 'Descriptions', module: 'antd/es/descriptions/index.js' },
  { name: 'Image', module: 'antd/es/image/index.js' },
  { name: 'InputNumber', module: 'antd/es/input-number/index.js' },
  { name: 'Steps', module: 'antd/es/steps/index.js' },
  { name: 'Upload', module: 'antd/es/upload/index.js' },
  { name: 'Drawer', module: 'antd/es/drawer/index.js' },
  { name: 'Statistic', module: 'antd/es/statistic/index.js' },
  { name: 'Popconfirm', module: 'antd/es/popconfirm/index.js' },
  { name: 'Switch', module: 'antd/es/switch/index.js' },
  { name: 'Tabs', module: 'antd/es/tabs/index.js', by: ['Card'] },
  { name: 'Select', module: 'antd/es/select/index.js', by: ['Table'] },
];

/** Libraries a page fetches when it needs them (the dashboard's charts, the passkey ceremonies). */
const ON_DEMAND = ['lightweight-charts/', '@simplewebauthn/browser/'];

/**
 * The largest chunk every route loads, in KB gzip. It is the shared core, 240 KB: React DOM, antd's
 * core (config provider, styles, App with its message, notification and modal, Typography, Menu,
 * Button, rc-form that the config provider uses), zod with the contract's schemas, i18next. It was
 * 344 KB with the sign-in and setup screens' components in it; Table's chunk (84 KB) or DatePicker's
 * (34 KB) joining it goes over.
 */
const SHARED_CHUNK_BUDGET_KB = 260;

type Build = {
  manifest: Manifest;
  outDir: string;
  /** The chunk file each bundled module of node_modules ends up in, by its path below node_modules. */
  chunkOf: Map<string, string>;
  /** The console's own modules (absolute paths) and the ones each imports statically. */
  imports: Map<string, string[]>;
};

let built: Build;
let outDir = '';

/** Keeps the module graph of the console's own code, which the output does not carry. */
function recordImports(imports: Map<string, string[]>): Plugin {
  return {
    name: 'test:record-imports',
    generateBundle() {
      for (const id of this.getModuleIds()) {
        if (!id.startsWith(src)) continue;
        imports.set(id, [...(this.getModuleInfo(id)?.importedIds ?? [])]);
      }
    },
  };
}

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'admin-chunks-'));
  // vitest runs with NODE_ENV=test, which would build React's development code.
  vi.stubEnv('NODE_ENV', 'production');
  const imports = new Map<string, string[]>();
  const result = await build({
    root: admin,
    configFile: path.join(admin, 'vite.config.ts'),
    logLevel: 'silent',
    plugins: [recordImports(imports)],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunkOf = new Map<string, string>();
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('the build watched instead of writing');
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(item.modules)) {
        const at = id.lastIndexOf('/node_modules/');
        if (at >= 0 && module.renderedLength > 0) chunkOf.set(id.slice(at + '/node_modules/'.length), item.fileName);
      }
    }
  }
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  built = { manifest, outDir, chunkOf, imports };
}, 120_000);

afterAll(() => {
  vi.unstubAllEnvs();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const loads = (keys: string[]) => staticClosure(built.manifest, keys);

const entryKey = () => entryKeyOf(built.manifest);

/**
 * The pages of the console's routes, as manifest keys (src/features/…): what app/routes.tsx and
 * app/console-routes.tsx import from features/, lazily or not.
 */
function pageKeys(): string[] {
  const keys = ['routes.tsx', 'console-routes.tsx'].flatMap((file) =>
    [...readFileSync(path.join(src, 'app', file), 'utf8').matchAll(/(?:import\(| from )'@\/(features\/[^']+)'/g)].map(
      (m) => `src/${m[1]}.tsx`,
    ),
  );
  if (keys.length < 15 || !keys.includes('src/features/auth/pages/login-page.tsx')) {
    throw new Error('app/routes.tsx and app/console-routes.tsx no longer read as expected');
  }
  return keys;
}

/** The JS a first visit to a page's route loads: the entry's, and the page's own when it is lazy. */
function routeLoads(key: string): Set<string> {
  return loads(built.manifest[key] ? [entryKey(), key] : [entryKey()]);
}

/** The console's own modules a module brings in statically, itself included. */
function ownModules(start: string): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || !built.imports.has(id)) return;
    found.add(id);
    for (const next of built.imports.get(id)!) visit(next);
  };
  visit(path.join(admin, start));
  return found;
}

/** The components some modules import from antd (not types). */
function antdImports(modules: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const id of modules) {
    const text = readFileSync(id, 'utf8');
    for (const m of text.matchAll(/^import \{([^}]*)\} from 'antd';/gm)) {
      for (const specifier of m[1]!.split(',').map((s) => s.trim())) {
        if (specifier && !specifier.startsWith('type ')) names.add(specifier.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

/** The chunk holding a module of node_modules. */
function chunkOf(module: string): string {
  const file = built.chunkOf.get(module);
  if (!file) throw new Error(`the build has no ${module}`);
  return file;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(built.outDir, file)), { level: 9 }).length / 1024;

/** The antd components of COMPONENTS whose code a set of files holds. */
const componentsIn = (files: Set<string>) =>
  COMPONENTS.filter((component) => files.has(chunkOf(component.module))).map((c) => c.name);

describe('the console build', () => {
  it('loads every page lazily', () => {
    const entry = loads([entryKey()]);
    for (const key of pageKeys()) {
      const chunk = built.manifest[key];
      expect(chunk?.isDynamicEntry, `${key} is not lazy`).toBe(true);
      expect(entry.has(chunk!.file), `${key} is part of the entry`).toBe(false);
    }
  });

  it('keeps the antd components of pages out of the entry', () => {
    const used = antdImports(ownModules('src/main.tsx'));
    expect([...used].filter((name) => !CORE.has(name))).toEqual([]);
    expect(componentsIn(loads([entryKey()]))).toEqual([]);
  });

  it('gives each route only the antd components its page shows', () => {
    const extra: string[] = [];
    for (const key of pageKeys()) {
      const shown = new Set([...CORE, ...antdImports(ownModules(key))]);
      const files = routeLoads(key);
      for (const component of COMPONENTS) {
        const justified = [component.name, ...(component.by ?? [])].some((name) => shown.has(name));
        if (!justified && files.has(chunkOf(component.module))) extra.push(`${key}: ${component.name}`);
      }
      for (const library of ON_DEMAND) {
        const held = [...built.chunkOf].filter(([module, file]) => module.startsWith(library) && files.has(file));
        if (held.length) extra.push(`${key}: ${library} (loaded up front)`);
      }
    }
    expect(extra).toEqual([]);
  });

  it('keeps Table and DatePicker off sign-in, and DatePicker off the dashboard', () => {
    const route = (page: string) => componentsIn(routeLoads(`src/features/${page}`));
    expect(route('auth/pages/login-page.tsx')).not.toContain('Table');
    expect(route('auth/pages/login-page.tsx')).not.toContain('DatePicker');
    expect(route('auth/pages/login-page.tsx')).toContain('Form');
    expect(route('dashboard/pages/dashboard-page.tsx')).toContain('Table');
    expect(route('dashboard/pages/dashboard-page.tsx')).not.toContain('DatePicker');
    expect(route('dashboard/pages/dashboard-page.tsx')).not.toContain('Form');
    expect(route('config/pages/config-page.tsx')).toContain('DatePicker');
  });

  it('keeps each chunk every route loads within its budget', () => {
    const routes = pageKeys().map(routeLoads);
    const everywhere = [...routes[0]!].filter((file) => routes.every((files) => files.has(file)));
    const sizes = Object.fromEntries(everywhere.map((file) => [file, Math.round(gzipKb(file))]));
    const over = Object.entries(sizes).filter(([, kb]) => kb > SHARED_CHUNK_BUDGET_KB);
    expect(over, JSON.stringify(sizes)).toEqual([]);
  });
});
