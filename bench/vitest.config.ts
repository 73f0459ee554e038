import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../vitest.workers.ts';

// The benches' own pure helpers (a bench itself is run by `npm run bench`, not tested).
export default defineConfig({
  test: { name: 'bench', root: import.meta.dirname, maxWorkers, include: ['*.test.ts'] },
});
