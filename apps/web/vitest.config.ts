import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    maxWorkers,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    clearMocks: true,
    restoreMocks: true,
    // Each file still gets a fresh module graph and window, in a vm context of a reused process:
    // about half the time of a new process per file (jsdom and antd-mobile start-up).
    pool: 'vmForks',
    // Two workers share two cores with the API suites on PostgreSQL: a page test that walks several
    // lazy routes can pass 5 s there (the admin and API projects allow more already).
    testTimeout: 15_000,
  },
});
