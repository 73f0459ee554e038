import { defineConfig } from 'vitest/config';

// One runner for everything; `npm test` (scripts/test.mjs) picks the projects.
export default defineConfig({
  test: {
    // Each project sets its own `maxWorkers` (vitest.workers.ts): a value here is not inherited.
    projects: [
      'scripts/vitest.config.ts',
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
