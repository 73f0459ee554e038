import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';

// The same integration suite again, on PostgreSQL (TEST_DATABASE_URL), where row locks are real.
export default defineConfig({
  test: {
    name: 'api-pg',
    root: import.meta.dirname,
    maxWorkers,
    include: ['src/**/*.test.ts'],
    env: { TEST_DB_KIND: 'pg' },
    globalSetup: ['test/pg-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
