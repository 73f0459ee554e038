import { defineConfig } from 'vitest/config';

// Vitest 5 reports failures with Map.groupBy, which Node 20 lacks (Node 21+): without this, any
// failing test crashes the reporter instead of printing what failed.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

// One runner for everything; `npm test` (scripts/test.mjs) picks the projects.
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/api/vitest.config.ts',
      'apps/api/vitest.pg.config.ts',
      'apps/api/vitest.cluster.config.ts',
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
