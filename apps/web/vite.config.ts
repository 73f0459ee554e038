import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite-precompress.ts';
import { appShell } from '../../scripts/vite-shell.ts';

const apiTarget = 'http://127.0.0.1:8080';

/**
 * The contract's modules build their zod schemas at load time, beside the constants and helpers the
 * app imports from them; a bundler cannot tell that building a schema does nothing else, so every
 * page importing a constant carried zod (~24 KB gzip). Marking each top-level declaration and each
 * `z.…(…)` call pure lets unused schemas, and then zod itself, be dropped.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'minecloud:pure-contract-schemas',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/contract\/src\/[\w-]+\.ts$/.test(id) || !code.includes("from 'zod'")) return null;
      const marked = code
        .replace(/^((?:export )?const \w+ = )(?=[A-Za-z_$])/gm, '$1/* @__PURE__ */ ')
        .replace(/(^|[^\w.$])(z|\w+Schema)(?=\s*\.[\w.]+\()/gm, '$1/* @__PURE__ */ $2');
      return { code: marked, map: null };
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    pureContractSchemas(),
    react(),
    appShell({ render: '/src/app/shell-render.tsx', router: 'src/app/router.tsx' }),
    precompress(),
  ],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  // A locale file as `JSON.parse('…')` (its default export, all i18n.ts reads): with a named export per
  // key as well, the messages the first render awaits weighed 18.3 KB gzip instead of 11.5.
  json: { namedExports: false, stringify: true },
  build: {
    outDir: 'dist',
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
