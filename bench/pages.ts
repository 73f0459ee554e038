// Page weight of the member app (docs/architecture.md, "Quality rules": initial JS ≤ 170 KB gzip on every route, ≤ 150 KB on
// home, every route but home lazy-loaded), from the chunk graph of its production build (Vite's manifest).
//
// A route's initial JS is what a first visit to it must download before its page can render:
//   the entry chunk and everything it imports statically (transitively; Vite preloads them),
//   + the route's page chunk and its static imports (home has none: it is part of the entry),
//   + the messages main.tsx awaits before the first render: the default language's chunk, and the
//     fallback language's too unless i18n.ts turns the fallback off (`fallbackLng: false`, as it
//     does: every locale has every key) — dynamic imports that are initial all the same.
// Each file counted once, gzip level 9 of its bytes; CSS, images and fonts are not JS.
// The routes are read from the router's source (app/router.tsx) and their paths from config/paths.ts,
// so a new page is measured without touching this file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DEFAULT_LOCALE, FALLBACK_LOCALE } from '@minecloud/contract/locales';
import { entryKeyOf, type ManifestChunk, staticClosure } from '../scripts/vite-manifest.ts';
import { buildWeb, record, root } from './lib.ts';

const BUDGET_KB = 170;
const HOME_BUDGET_KB = 150;
const web = path.join(root, 'apps/web');

type Manifest = Record<string, ManifestChunk>;

const outDir = buildWeb();
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const entryKey = entryKeyOf(manifest);

const closure = (keys: string[]) => staticClosure(manifest, keys);

const gzipped = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}
const kb = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;

/** The manifest key of a module imported as `specifier` from src/app/router.tsx. */
function moduleKey(specifier: string): string {
  const base = specifier.startsWith('@/')
    ? `src/${specifier.slice(2)}`
    : path.posix.join('src/app', specifier.replace(/^\.\//, './'));
  const key = ['.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find((candidate) => manifest[candidate]);
  if (!key) throw new Error(`no chunk for ${specifier} (${base}) in the manifest`);
  return key;
}

// The router: `const X = lazyPage(() => import('…'))` (with `{ messages: 'feature' }` when the page
// downloads a feature's own texts beside its code: part of its initial JS), then `page(paths.y, X)`
// and `home(paths.y)`.
const router = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
const lazyModules = new Map(
  [
    ...router.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)(?:,\s*\{\s*messages: '(\w+)',?\s*\})?\)/g),
  ].map((m) => [m[1]!, { specifier: m[2]!, messages: m[3] }]),
);
// Only a type is imported from paths.ts's own imports, so it loads as is under tsx.
const { paths } = (await import(pathToFileURL(path.join(web, 'src/config/paths.ts')).href)) as {
  paths: Record<string, { path: string }>;
};
const pathOf = (key: string) => {
  if (key === 'notFoundRoute') return '* (not found)';
  const route = paths[key.replace(/^paths\./, '')];
  if (!route) throw new Error(`router.tsx names ${key}, which paths.ts does not have`);
  return route.path;
};
const homePaths = [...router.matchAll(/\bhome\((paths\.\w+)\)/g)].map((m) => pathOf(m[1]!));
const pages = [...router.matchAll(/\bpage\(([\w.]+), (\w+)\)/g)].map((m) => {
  const lazy = lazyModules.get(m[2]!);
  if (!lazy) throw new Error(`${m[2]} in router.tsx is not a lazyPage(() => import(…))`);
  const featureMessages = lazy.messages && `src/i18n/feature-locales/${lazy.messages}/${DEFAULT_LOCALE}.json`;
  if (featureMessages && !manifest[featureMessages]) throw new Error(`no chunk for ${featureMessages}`);
  return { path: pathOf(m[1]!), key: moduleKey(lazy.specifier), messages: featureMessages };
});
if (homePaths.length === 0 || pages.length < 10) throw new Error('router.tsx no longer reads as expected');

const entry = closure([entryKey]);
const fallbackOff = /fallbackLng:\s*false/.test(readFileSync(path.join(web, 'src/i18n/i18n.ts'), 'utf8'));
const awaited = fallbackOff ? [DEFAULT_LOCALE] : [DEFAULT_LOCALE, FALLBACK_LOCALE];
const messageKeys = awaited.map((locale) => `src/i18n/locales/${locale}.json`);
const messages = [...closure(messageKeys)].filter((file) => !entry.has(file));
const entryKb = kb(entry);
const messagesKb = kb(messages);

console.log(
  `\npage weight (member app, initial JS in KB gzip -9: entry with its static imports ${entryKb.toFixed(1)}, messages ${awaited.join(' + ')} ${messagesKb.toFixed(1)}, + the page's own chunks)`,
);
// Home answers at several paths; one row for all of them.
const rows: { path: string; total: number; page: number; budget: number }[] = [
  { path: `${homePaths[0]} (home)`, total: entryKb + messagesKb, page: 0, budget: HOME_BUDGET_KB },
];
const notLazy: string[] = [];
for (const page of pages) {
  const own = [...closure([page.key, ...(page.messages ? [page.messages] : [])])].filter(
    (file) => !entry.has(file) && !messages.includes(file),
  );
  const chunk = manifest[page.key]!;
  // Lazy: the page module is a chunk of its own that only a dynamic import reaches, not the entry's.
  if (!chunk.isDynamicEntry || entry.has(chunk.file)) notLazy.push(page.path);
  rows.push({ path: page.path, total: entryKb + messagesKb + kb(own), page: kb(own), budget: BUDGET_KB });
}
if (homePaths.length > 1) console.log(`  home is also at ${homePaths.slice(1).join(', ')}`);
for (const row of rows) {
  console.log(
    `  ${row.path.padEnd(48)} ${row.total.toFixed(1).padStart(6)} KB (page ${row.page.toFixed(1)})${row.total <= row.budget ? '' : ` over budget (${row.budget})`}`,
  );
  record({
    bench: 'pages',
    metric: `initial JS ${row.path}`,
    value: row.total,
    unit: 'KB',
    digits: 1,
    budget: `≤ ${row.budget} KB gzip`,
    pass: row.total <= row.budget,
  });
}
console.log(
  `  every route but home lazy-loaded: ${notLazy.length === 0 ? 'yes' : `NO: ${notLazy.join(', ')}`} (${pages.length} lazy routes)`,
);
record({
  bench: 'pages',
  metric: 'every route but home lazy-loaded',
  value: `${pages.length - notLazy.length} of ${pages.length}`,
  unit: '',
  budget: 'all',
  pass: notLazy.length === 0,
  detail: notLazy.length ? `in the entry: ${notLazy.join(', ')}` : undefined,
});
