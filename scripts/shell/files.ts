import type { Rolldown } from 'vite';
import type { ShellData } from './data.ts';

/** Each `page(paths.x, Page)` of the router, with `const Page = lazyPage(() => import('…'))`: path → import. */
export function lazyPageImports(routerSource: string, routePaths: Record<string, string>): Record<string, string> {
  const imports = new Map<string, string>();
  for (const [, name, specifier] of routerSource.matchAll(/const (\w+) = lazyPage\(\(\) => import\('([^']+)'\)\)/g)) {
    if (name && specifier) imports.set(name, specifier);
  }
  const pages: Record<string, string> = {};
  for (const [, key, name] of routerSource.matchAll(/page\(paths\.(\w+), (\w+)\)/g)) {
    const routePath = key && routePaths[key];
    const specifier = name && imports.get(name);
    if (routePath && specifier) pages[routePath] = specifier;
  }
  return pages;
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

function chunksOf(bundle: Rolldown.OutputBundle): Chunk[] {
  return Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
}

/** A chunk and every chunk it imports statically, file names. */
function closure(bundle: Rolldown.OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const dep of chunk.imports) closure(bundle, dep, seen);
  return seen;
}

/** The files to fetch early, from the bundle: each locale's messages and each lazy page's chunks and CSS. */
export function shellFiles(
  bundle: Rolldown.OutputBundle,
  entry: string,
  pageModules: Record<string, string>,
  base: string,
): Pick<ShellData, 'files' | 'locales' | 'pages'> {
  const loaded = closure(bundle, entry);
  const chunks = chunksOf(bundle);
  const files: string[] = [];
  const index = (file: string) => {
    const url = `${base}${file}`;
    if (!files.includes(url)) files.push(url);
    return files.indexOf(url);
  };
  /** A chunk, the chunks it imports that the entry has not loaded, and their CSS. */
  const own = (file: string) => {
    const js = [...closure(bundle, file)].filter((dep) => !loaded.has(dep));
    const css = js.flatMap((dep) => [...((bundle[dep] as Chunk).viteMetadata?.importedCss ?? [])]);
    return [...new Set([...js, ...css])].map(index);
  };
  const locales: ShellData['locales'] = {};
  for (const chunk of chunks) {
    const locale = chunk.facadeModuleId?.match(/\/i18n\/locales\/([\w-]+)\.json$/)?.[1];
    if (locale) locales[locale] = own(chunk.fileName);
  }
  const pages: ShellData['pages'] = {};
  for (const [routePath, moduleId] of Object.entries(pageModules)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, '') === moduleId);
    if (chunk) pages[routePath] = own(chunk.fileName);
  }
  return { files, locales, pages };
}
