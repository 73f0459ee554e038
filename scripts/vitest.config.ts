import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../vitest.workers.ts';

// The test tooling's own checks.
export default defineConfig({
  test: { name: 'scripts', root: import.meta.dirname, maxWorkers, include: ['*.test.ts'] },
});
