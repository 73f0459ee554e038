import react from '@vitejs/plugin-react';
import { build as bundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../../scripts/vite-precompress.ts';
import { appShell } from '../../scripts/vite-shell.ts';
import { allManifests } from './src/pwa/manifest.ts';

const apiTarget = 'http://127.0.0.1:8080';

/**
 * The contract's modules build their zod schemas at load time, beside the constants and helpers the
 * app imports from them; a bundler cannot tell that building a schema does nothing else, so every
 * page importing a constant carried zod (~24 KB gzip). Marking each top-level declaration and each
 * `z.…(…)` call pure lets unused schemas, and then zod itself, be dropped. A table of declared calls
 * (`…_CALLS`, docs/api.md "Calls") is built in a pure function: the app takes only its types, and
 * its entries read the path table (`API.…`), which a bundler keeps as a possible side effect, and
 * with it every schema the table names.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'minecloud:pure-contract-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/contract\/src\/[\w-]+\.ts$/.test(id) || !code.includes("from 'zod'")) return null;
      const marked = code
        .replace(/^(export const \w+_CALLS = )\{$([\s\S]*?)^\};$/gm, '$1/* @__PURE__ */ (() => ({$2}))();')
        .replace(/^((?:export )?const \w+ = )(?=[A-Za-z_$])/gm, '$1/* @__PURE__ */ ')
        .replace(/(^|[^\w.$])(z|\w+Schema)(?=\s*\.[\w.]+\()/gm, '$1/* @__PURE__ */ $2');
      return { code: marked, map: null };
    },
  };
}

/** The web app manifest in each language (src/pwa/manifest.ts), written beside index.html. */
function webManifests(): Plugin {
  return {
    name: 'minecloud:web-manifests',
    apply: 'build',
    generateBundle() {
      for (const { path, manifest } of allManifests()) {
        this.emitFile({ type: 'asset', fileName: path.slice(1), source: `${JSON.stringify(manifest, null, 2)}\n` });
      }
    },
  };
}

/**
 * dist/push-sw.js, the Web Push handlers (src/pwa/push-worker.ts) as one classic script: the Workbox
 * worker below imports it (`importScripts`), so that it shows pushes and opens their pages.
 */
function pushWorker(): Plugin {
  return {
    name: 'minecloud:push-worker',
    apply: 'build',
    async generateBundle() {
      const result = await bundle({
        input: new URL('./src/pwa/push-worker-entry.ts', import.meta.url).pathname,
        write: false,
        output: { format: 'iife', minify: true },
        logLevel: 'warn',
      });
      this.emitFile({ type: 'asset', fileName: 'push-sw.js', source: result.output[0].code });
    },
  };
}

/**
 * The service worker (Workbox, through vite-plugin-pwa): it keeps the app's shell and the code of
 * its first screens, so the app opens with the network cut; other built files are kept as they are
 * used. API answers never come from it: nothing under the API paths is cached, and navigations to
 * the console or the API are left to the network.
 */
const serviceWorker = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: false,
  filename: 'sw.js',
  workbox: {
    // Its push and notification-click handlers (pushWorker above).
    importScripts: ['push-sw.js'],
    // The shell, the styles, the locale texts and the code of every page; not the large libraries
    // that one screen loads on demand (WalletConnect's client, the charts, the sign-in's viem, the
    // QR code reader with its ponyfill, paying from the wallet). The reader's WebAssembly (1 MB) is
    // no js or css: it is kept only once a scan has fetched it (runtime caching below).
    globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
    globIgnores: [
      'assets/dist-*.js',
      'assets/lightweight-charts*.js',
      'assets/sign-in-*.js',
      'assets/ponyfill-*.js',
      'assets/qr-scanner-*',
      'assets/pay-from-wallet-*.js',
    ],
    maximumFileSizeToCacheInBytes: 400 * 1024,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [
      /^\/admin/,
      /^\/app-api\//,
      /^\/admin-api\//,
      /^\/market-api\//,
      /^\/docs/,
      /^\/healthz/,
    ],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Built files not kept up front, as they are first used (their names change with their content).
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'minecloud-assets', expiration: { maxEntries: 80 } },
      },
    ],
  },
});

export default defineConfig({
  base: '/',
  plugins: [
    pureContractSchemas(),
    react(),
    appShell({ render: '/src/app/shell-render.tsx', router: 'src/app/router.tsx' }),
    webManifests(),
    pushWorker(),
    serviceWorker,
    precompress(),
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  // A locale file as `JSON.parse('…')` (its default export, all i18n.ts reads): with a named export per
  // key as well, the messages the first render awaits weighed 18.3 KB gzip instead of 11.5.
  json: { namedExports: false, stringify: true },
  build: {
    // Every artefact of `npm run build` lies under the repository's dist/ (scripts/build-server.mjs).
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every route starts with, and the antd-mobile parts the entry renders (its
              // config provider, loading dots, buttons, skeletons, tags, global styles), in one chunk:
              // else the dots, which lazily loaded parts use too, become a chunk of their own.
              name: 'framework',
              test: /node_modules[\\/]((react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|zustand|use-sync-external-store)[\\/]|antd-mobile[\\/]es[\\/](global|components[\\/](button|config-provider|dot-loading|skeleton|tag))[\\/])/,
            },
            {
              // The app's own modules that every route starts with, in one chunk: left to automatic
              // chunking, each one that a lazy page imports too became a chunk of its own (sixteen
              // requests of 0.1 to 8 KB before the first render; a slow link pays a round trip for
              // each). Not their dependencies: through antd-mobile's index they would reach every
              // component (the framework group above holds the ones the start needs).
              name: 'app',
              tags: ['$initial'],
              test: /[\\/]apps[\\/]web[\\/]src[\\/]|[\\/]packages[\\/]contract[\\/]|antd-mobile[\\/]es[\\/]index\.js$|vite[\\/]preload-helper/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/app-api': apiTarget,
      '/market-api': apiTarget,
      '/uploads': apiTarget,
    },
  },
});
