import { configDefaults, defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';
import { POSTGRES_ONLY } from './test/postgres-only.ts';

export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    maxWorkers,
    include: ['src/**/*.test.ts'],
    // With PostgreSQL at hand (the api-pg project), files that move no money run there alone.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? POSTGRES_ONLY : [])],
    env: { TEST_DB_KIND: 'pglite' },
    globalSetup: ['test/pglite-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The files of a worker share its process: the app's modules and PGlite's WebAssembly load once
    // per worker, not once per file (each file still builds its apps on fresh databases). That
    // halved the step: the PGlite project's files took 236 s one process each and 111 s shared.
    isolate: false,
  },
});
