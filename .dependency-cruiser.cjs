// The import rules of the API, the member app and the console, in one place. `npm run lint` checks
// them (scripts/import-rules.ts); scripts/import-rules.test.ts plants a violation of each. Why each
// rule: docs/architecture.md, "Import rules, and what enforces them" and "The server's layers".
const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
const CONSOLE = '^apps/admin/src/';
const TEST_FILE = '[.]test[.]tsx?$';
// A file in a subfolder of an API folder (`modules/<area>` or a top-level folder but db/); $1 is the folder.
const API_SUBFOLDER = `${API}(?!db/)(modules/[^/]+|(?!modules/)[^/]+)/[^/]+/`;

// The console's layers, lowest first: a file imports its own layer or a lower one. `main` is a file
// in src/ itself (only main.tsx lives there).
const CONSOLE_LAYERS = ['i18n', 'lib', 'api', 'components', 'features', 'app'];
const consoleLayer = (name) => `${CONSOLE}${name}/`;
const CONSOLE_MAIN = `${CONSOLE}[^/]+$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // The API: downhill only, app.ts -> plugins/ -> modules -> money/ -> ledger/ -> db/, lib/ under
    // everything. Its tests are left out of the cruise (options.exclude).
    {
      name: 'api-no-folder-loop',
      // A folder is a directory here: all root files are one node (stricter than a node a file), and
      // a subfolder (modules/market/sources/, db/schema/) one of its own. db/ imports nothing outside
      // db/, and api-subfolder-stays-inside keeps any other subfolder's imports inside its folder, so
      // no loop leaves a folder from its subfolder (docs/architecture.md, "Import rules, and what
      // enforces them", says what remains).
      comment: 'API folders form no loop: each layer imports only the ones below it.',
      severity: 'error',
      from: { path: '^apps/api/src' },
      to: { path: '^apps/api/src', circular: true },
      scope: 'folder',
    },
    {
      name: 'api-subfolder-stays-inside',
      comment:
        'A subfolder (modules/market/sources/) imports nothing outside its folder but db/: loops are checked between directories.',
      severity: 'error',
      from: { path: API_SUBFOLDER },
      to: { path: API, pathNot: [`${API}$1/`, `${API}db/`] },
    },
    {
      name: 'api-lib-is-a-leaf',
      comment: 'lib/ imports no area, no ledger/, money/ or jobs/: every layer uses it.',
      severity: 'error',
      from: { path: `${API}lib/` },
      to: { path: `${API}(modules|ledger|money|jobs)/` },
    },
    {
      name: 'api-ledger-below-calls',
      comment: 'ledger/ imports no area, no money/ and no jobs/: no business rule can bend a ledger statement.',
      severity: 'error',
      from: { path: `${API}ledger/` },
      to: { path: `${API}(modules|money|jobs)/` },
    },
    {
      name: 'api-db-imports-db-only',
      comment: 'db/ imports nothing outside db/: the schema must not change with the code above it.',
      severity: 'error',
      from: { path: `${API}db/` },
      to: { path: API, pathNot: `${API}db/` },
    },
    {
      name: 'api-only-admin-imports-jobs',
      comment: 'Only modules/admin (the run-a-job screen) imports jobs/: the jobs stand above the areas.',
      severity: 'error',
      from: { path: `${API}modules/`, pathNot: `${API}modules/admin/` },
      to: { path: `${API}jobs/` },
    },
    {
      name: 'api-only-app-registers-plugins',
      comment: "The app's plugins are its table of contents: only app.ts registers them.",
      severity: 'error',
      from: { path: API, pathNot: `${API}(app[.]ts$|plugins/)` },
      to: { path: `${API}plugins/` },
    },

    // The member app: app/ -> features/<area>/ -> lib/, components/, api/, i18n/, config/.
    {
      name: 'web-shared-imports-no-feature',
      comment: 'lib/, components/, api/, i18n/ and config/ are shared by every page: they know no feature.',
      severity: 'error',
      from: { path: `${WEB}(lib|components|api|i18n|config)/` },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'web-leaves-import-no-api-call',
      comment:
        'lib/ and components/ are the leaves every page stands on: they make no API call (a component is given the call or its data); what answers do to caches lives in api/.',
      severity: 'error',
      from: { path: `${WEB}(lib|components)/` },
      to: { path: `${WEB}api/` },
    },
    {
      name: 'web-feature-imports-no-feature',
      comment: 'A feature imports no other feature; what two share lives below them, shared test helpers in src/test/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },

    // Both front ends: no two files import each other, through any chain (docs/architecture.md, "Import
    // rules, and what enforces them"); a lazy import counts, since the pair still loads as one.
    {
      name: 'front-end-no-file-loop',
      comment: 'No file of the member app or the console imports, through any chain, a file that imports it.',
      severity: 'error',
      from: { path: `(${WEB}|${CONSOLE})` },
      to: { circular: true },
    },

    // The console: i18n/ -> lib/ -> api/ -> components/ -> features/ -> app/ -> main.tsx, lowest first.
    ...CONSOLE_LAYERS.slice(0, -2).map((layer, rank) => ({
      name: 'console-layers-downhill',
      comment: `${layer}/ imports no higher layer below app/.`,
      severity: 'error',
      from: { path: consoleLayer(layer) },
      to: { path: `${CONSOLE}(${CONSOLE_LAYERS.slice(rank + 1, -1).join('|')})/` },
    })),
    {
      name: 'console-layers-downhill',
      comment: 'Only tests, and src/test/, render the app from below it.',
      severity: 'error',
      from: { path: `${CONSOLE}(${CONSOLE_LAYERS.slice(0, -1).join('|')})/`, pathNot: TEST_FILE },
      to: { path: consoleLayer('app') },
    },
    {
      name: 'console-layers-downhill',
      comment: 'Nothing in a layer imports main.tsx (or any file in src/ itself).',
      severity: 'error',
      from: { path: `${CONSOLE}(${CONSOLE_LAYERS.join('|')})/` },
      to: { path: CONSOLE_MAIN },
    },
    {
      name: 'console-feature-imports-no-feature',
      comment: 'No feature imports another: what two features share lives in api/, components/, lib/ or i18n/.',
      severity: 'error',
      from: { path: `${CONSOLE}features/([^/]+)/` },
      to: { path: `${CONSOLE}features/`, pathNot: `${CONSOLE}features/$1/` },
    },
    {
      name: 'console-feature-calls-in-api',
      comment:
        "A feature's pages, components and lib/ call the server through its api/ (a hook or a fetcher a file), never the request client.",
      severity: 'error',
      from: { path: `${CONSOLE}features/[^/]+/`, pathNot: `${CONSOLE}features/[^/]+/api/` },
      to: { path: `${CONSOLE}lib/api[.]ts$` },
    },
    {
      name: 'console-test-helpers-for-tests',
      comment: 'src/test/ (fixtures, render helpers) is for tests only.',
      severity: 'error',
      from: { path: CONSOLE, pathNot: [`${CONSOLE}test/`, TEST_FILE] },
      to: { path: `${CONSOLE}test/` },
    },
    {
      name: 'console-test-helpers-import-no-feature',
      comment: 'src/test/ imports no feature.',
      severity: 'error',
      from: { path: `${CONSOLE}test/` },
      to: { path: `${CONSOLE}features/` },
    },
  ],
  options: {
    // Type-only imports are imports too.
    tsPreCompilationDeps: true,
    // Vitest's module calls name modules as imports do (`vi.mock('@/features/team/api/team')`).
    exoticRequireStrings: ['vi.mock', 'vi.doMock', 'vi.unmock', 'vi.doUnmock', 'vi.importActual', 'vi.importMock'],
    // Only the three apps' sources count; packages and build output are not followed.
    includeOnly: { path: '^apps/(api|web|admin)/src/' },
    exclude: { path: ['node_modules', '/dist/', `${API}.*${TEST_FILE}`] },
    doNotFollow: { path: 'node_modules' },
    // The `@/` aliases: scripts/import-rules.ts cruises each app with its own tsconfig (the member
    // app's and the console's `@/` are each their own src/).
    moduleSystems: ['es6', 'cjs'],
  },
};
