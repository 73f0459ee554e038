import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/** What apps/web/src/app/shell-render.tsx renders (with the app's own modules, at build time). */
export type RenderedShell = {
  /** Home's markup, then one frame per public tab page and a page frame, each the app's real markup. */
  frames: Record<string, string>;
  page: string;
  /** Tab page path → the name of its frame in `frames` (home is not listed: it is the document's own). */
  framePaths: Record<string, string>;
  homePaths: string[];
  /** Every route's title in the default language, for the page frame's nav bar. */
  titles: Record<string, string>;
  /** Route key (`paths.second`) → path, to read the router's `page(paths.x, Page)` lines. */
  routePaths: Record<string, string>;
  sessionKey: string;
  defaultLocale: string;
  configUrl: string;
  earlyConfigKey: string;
};

/** What the inline script needs: the shell's facts and the files to fetch in the first round trip. */
export type ShellData = Omit<RenderedShell, 'frames' | 'page' | 'routePaths'> & {
  /** On home, the longest the app's code waits for the first banner after the first paint. */
  bannerWaitMs: number;
  /** The app's entry module and the chunks it imports (Vite's modulepreload links, taken out of the head). */
  entry: string;
  entryImports: string[];
  /** Every file to fetch early, once (URLs); the lists below hold indexes into it. */
  files: string[];
  /** Locale → its messages chunk (and the chunks it imports that the entry does not). */
  locales: Record<string, number[]>;
  /** Route path → its lazy page's chunks and stylesheets. */
  pages: Record<string, number[]>;
};

type EarlyWindow = Window & Record<string, unknown>;

/**
 * Runs in the page, inline, right after the shell and before any other script: picks the frame of
 * the hash route, asks for the locale's messages and the route's page chunk (modulepreload, so the
 * app's own imports find them fetched), starts the basic config request (home's banners: the
 * largest paint) and, when it answers before React renders, puts the first banner in the shell.
 * Self-contained: it is sent as its own source text.
 */
export function shellScript(d: ShellData): void {
  const root = document.getElementById('root');
  let frame = root?.firstElementChild;
  if (!root || !frame) return;
  const route = location.hash.slice(1).split('?')[0] || '/';
  let state: { language?: string; token?: string } = {};
  try {
    state = JSON.parse(localStorage.getItem(d.sessionKey) || '{}').state || {};
  } catch {
    // Storage refused or unreadable: the app starts in the default language, as here.
  }
  const locale = state.language ? state.language.replace('_', '-') : d.defaultLocale;
  const preload = (rel: string, href: string, as?: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    if (as) link.setAttribute('as', as);
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };

  if (d.homePaths.indexOf(route) < 0) {
    const template = document.getElementById(`shell-${d.framePaths[route] || 'page'}`);
    if (!(template instanceof HTMLTemplateElement)) return;
    root.replaceChildren(template.content.cloneNode(true));
    frame = root.firstElementChild;
    const title = frame?.querySelector('.nav-bar__title');
    if (title && !d.framePaths[route]) title.textContent = d.titles[route] || '';
  }
  const shell = frame;
  if (!shell) return;
  // Its words are in the default language: another language's reader sees the layout only.
  if (locale !== d.defaultLocale) shell.classList.add('app-shell--blank');
  if (state.token) shell.classList.add('app-shell--member');

  const headers: Record<string, string> = { platform: 'h5', 'Accept-Language': locale, 'Content-Language': locale };
  const early = fetch(d.configUrl, { headers })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  (window as unknown as EarlyWindow)[d.earlyConfigKey] = early;
  // Home's first banner is the page's largest paint: the app's code waits for it (loaded or failed,
  // or no banner), at most bannerWaitMs after the first paint, so that they do not share the link.
  let bannerSettled = () => {};
  const bannerReady = new Promise<void>((resolve) => {
    bannerSettled = resolve;
  });
  early.then((envelope: { code?: number; data?: { banners?: { image: string; title: string }[] } } | null) => {
    const banner = envelope && envelope.code === 0 && envelope.data?.banners ? envelope.data.banners[0] : undefined;
    const box = shell.querySelector('.banners');
    if (!banner || !box || !shell.isConnected) {
      bannerSettled();
      return;
    }
    // The markup of the app's first, still banner (components/banner-slide.tsx), at its size.
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'plain-button banners__slide';
    const image = document.createElement('img');
    image.src = banner.image;
    image.alt = banner.title;
    image.width = 750;
    image.height = 300;
    image.setAttribute('fetchpriority', 'high');
    image.draggable = false;
    image.onload = bannerSettled;
    image.onerror = bannerSettled;
    button.appendChild(image);
    box.replaceChildren(button);
  });

  // The app's code is asked for once the shell is on screen: its download and start do not hold up
  // the first paint (a hidden page, which paints nothing, starts at once). Adding some forty links
  // took up to 77 ms of a loaded machine's main thread: they go in slices of 4 ms.
  const start = () => {
    const steps: (() => void)[] = d.entryImports.map((file) => () => preload('modulepreload', file));
    steps.push(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = d.entry;
      document.head.appendChild(script);
    });
    for (const index of (d.locales[locale] || []).concat(d.pages[route] || [])) {
      const file = d.files[index] || '';
      steps.push(() => (file.endsWith('.css') ? preload('preload', file, 'style') : preload('modulepreload', file)));
    }
    const slice = () => {
      const until = performance.now() + 4;
      do steps.shift()?.();
      while (steps.length > 0 && performance.now() < until);
      if (steps.length > 0) setTimeout(slice, 0);
    };
    slice();
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const afterPaint = () => {
    if (d.homePaths.indexOf(route) < 0) return startOnce();
    bannerReady.then(startOnce);
    setTimeout(startOnce, d.bannerWaitMs);
  };
  if (document.visibilityState === 'hidden') startOnce();
  else requestAnimationFrame(() => setTimeout(afterPaint, 0));
}

/** On a slow phone link the config and the banner take two round trips and a small download. */
const BANNER_WAIT_MS = 1500;

/** Hides the default language's words from another language's reader; a member's card is not the guest's. */
const SHELL_STYLE =
  '.app-shell--blank :is(h1,h2,p,span:not(.entry-grid__icon),.notice-bar__more){color:transparent}' +
  '.app-shell--member .session-card{visibility:hidden}';

/** The shell's markup: no test ids (tests wait for the app, not its picture), inert until React replaces it. */
export function shellMarkup(markup: string): string {
  return markup
    .replace(/ data-testid="[^"]*"/g, '')
    .replace(/^<div class="app-shell"/, '<div class="app-shell" inert aria-busy="true"');
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** Takes Vite's entry script and modulepreload links out of the head: the shell's script adds them after the first paint. */
export function takeEntry(html: string): { html: string; entry: string; entryImports: string[] } {
  const entry = html.match(ENTRY_SCRIPT)?.[1];
  if (!entry) throw new Error('index.html has no entry <script type="module">');
  const entryImports = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry, entryImports };
}

/** The built index.html with the shell in #root, the other frames as templates, and the script. */
export function injectShell(html: string, shell: RenderedShell, data: ShellData): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  if (ENTRY_SCRIPT.test(html)) throw new Error('the entry script must be taken out first (takeEntry)');
  const { home, ...others } = shell.frames;
  if (!home) throw new Error('the shell has no home frame');
  const templates = [...Object.entries(others), ['page', shell.page] as const]
    .map(([name, markup]) => `<template id="shell-${name}">${shellMarkup(markup)}</template>`)
    .join('');
  // `<` escaped: no "</script>" can end the script early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const script = `<script>(${shellScript.toString()})(${json})</script>`;
  return html
    .replace('</head>', `<style>${SHELL_STYLE}</style></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${shellMarkup(home)}</div>${templates}${script}`);
}

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

/** Loads shell-render.tsx through Vite (the app's aliases, its CSS ignored) and renders the shell. */
async function renderWithVite(config: ResolvedConfig, module: string): Promise<RenderedShell> {
  const server = await createServer({
    configFile: false,
    root: config.root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    resolve: { alias: config.resolve.alias },
    json: config.json,
    // antd-mobile's modules import their CSS: run through Vite, not Node.
    ssr: { noExternal: ['antd-mobile'] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const loaded = (await server.ssrLoadModule(module)) as { renderShell: () => RenderedShell };
    return loaded.renderShell();
  } finally {
    await server.close();
  }
}

/**
 * The member app's first paint without JavaScript: the signed-out home (and the frame of each tab
 * page) rendered at build time into index.html; see shellScript for what happens before the app runs.
 */
export function appShell(options: { render: string; router: string }): Plugin {
  let config: ResolvedConfig;
  let rendering: Promise<RenderedShell>;
  return {
    name: 'minecloud:app-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      rendering = renderWithVite(config, options.render);
      // Awaited in transformIndexHtml; a failure is reported there.
      rendering.catch(() => undefined);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle || !context.chunk) return html;
        const shell = await rendering;
        const routerFile = path.resolve(config.root, options.router);
        const imports = lazyPageImports(readFileSync(routerFile, 'utf8'), shell.routePaths);
        const modules = Object.fromEntries(
          Object.entries(imports).map(([routePath, specifier]) => {
            const aliased = specifier.startsWith('@/') ? path.join(config.root, 'src', specifier.slice(2)) : null;
            return [routePath, aliased ?? path.resolve(path.dirname(routerFile), specifier)];
          }),
        );
        const { frames, page, routePaths, ...facts } = shell;
        const files = shellFiles(context.bundle, context.chunk.fileName, modules, config.base);
        const { html: rest, entry, entryImports } = takeEntry(html);
        return injectShell(rest, shell, { ...facts, ...files, entry, entryImports, bannerWaitMs: BANNER_WAIT_MS });
      },
    },
  };
}
