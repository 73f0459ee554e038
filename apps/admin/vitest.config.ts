import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { maxWorkers } from '../../vitest.workers.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    name: 'admin',
    root: new URL('.', import.meta.url).pathname,
    maxWorkers,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15_000,
    // antd takes seconds to import into each file's fresh module graph; files share it instead
    // (each test renders into a cleared document with its own QueryClient and fetch mock).
    isolate: false,
  },
});
