import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { RenderedShell } from './shell/data.ts';
import { lazyPageImports, shellFiles } from './shell/files.ts';
import { injectShell, inlineIcon, takeEntry } from './shell/html.ts';

/**
 * On a slow phone link the config and the banner take two round trips and a small download (a data
 * page's answer and its stylesheets, about as long).
 */
const PAINT_WAIT_MS = 1500;

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
 * page) rendered at build time into index.html; see shellScript (shell/script.ts) for what happens before the app runs.
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
        const { frames, page, routePaths, fillTemplates, helpers, ...facts } = shell;
        const files = shellFiles(context.bundle, context.chunk.fileName, modules, config.base);
        const { html: rest, entry, entryImports } = takeEntry(html);
        const icon = readFileSync(path.join(config.publicDir, 'favicon.svg'), 'utf8');
        const withShell = injectShell(rest, shell, {
          ...facts,
          ...files,
          entry,
          entryImports,
          paintWaitMs: PAINT_WAIT_MS,
        });
        return inlineIcon(withShell, '/favicon.svg', icon);
      },
    },
  };
}
