import { defineConfig } from 'vitest/config';

// Several real server processes on a PostgreSQL server of the test's own, under load and faults
// (kill -9, a database crash): run on their own, after the integration suites, never beside them.
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['test/cluster/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One file at a time whatever the run's maxWorkers: each starts processes and a PostgreSQL of its own.
    fileParallelism: false,
  },
});
