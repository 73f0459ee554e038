import { defineConfig } from 'vitest/config';

// One runner for everything; `npm test` (scripts/test.mjs) picks the projects.
export default defineConfig({
  test: {
    // vitest's default on two cores is one worker (cores - 1): every file in a row, and the cores
    // idle while a file waits on PostgreSQL. Two keep both busy.
    maxWorkers: 2,
    projects: [
      'packages/contract/vitest.config.ts',
      'bench/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.pg.config.ts',
      'apps/api/vitest.cluster.config.ts',
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
