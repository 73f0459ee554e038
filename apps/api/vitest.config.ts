import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';

export default defineConfig({
  test: {
    name: 'api',
    root: import.meta.dirname,
    maxWorkers,
    include: ['src/**/*.test.ts'],
    env: { TEST_DB_KIND: 'pglite' },
    globalSetup: ['test/pglite-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
