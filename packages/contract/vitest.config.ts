import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';

export default defineConfig({
  test: { name: 'contract', root: import.meta.dirname, maxWorkers, include: ['src/**/*.test.ts'] },
});
