import { configDefaults, defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';
import { NO_DATABASE } from './test/no-database.ts';
// The same integration suite again, on PostgreSQL (TEST_DATABASE_URL), where row locks are real.
export default defineConfig({
  test: {
    name: 'api-pg',
    root: import.meta.dirname,
    maxWorkers,
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...NO_DATABASE],
    env: { TEST_DB_KIND: 'pg' },
    globalSetup: ['test/pg-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share its process: the app's modules and PGlite's WebAssembly load once
    // per worker, not once per file (each file still builds its apps on fresh databases). That
    // halved the step: the PGlite project's files took 236 s one process each and 111 s shared.
    isolate: false,
  },
});
