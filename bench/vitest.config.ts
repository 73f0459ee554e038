import { defineConfig } from 'vitest/config';

// The benches' own pure helpers (a bench itself is run by `npm run bench`, not tested).
export default defineConfig({
  test: { name: 'bench', root: import.meta.dirname, include: ['*.test.ts'] },
});
