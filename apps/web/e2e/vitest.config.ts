import { defineConfig } from 'vitest/config';
import { maxWorkers } from '../../../vitest.workers.ts';

// End-to-end: the built app served by the real server on a fresh PGlite, driven in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    // A page's answer to an action (a status, a language, a count) within 10 s, not vitest's default
    // 1 s: on a loaded 2-core machine, with the other files' servers and browsers beside it, a second
    // is too little (expect.poll with its own timeout keeps it).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // Files run side by side (most of a file's time is waiting on the browser and the server): each
    // works with members of its own, and a file whose counts or public lists another file's actions
    // would change at the same moment starts a server of its own (money-once, transparency, wallet).
    maxWorkers,
    // One module cache a worker, not one a file: each file imported viem, playwright-core and the
    // helpers again (several seconds on a loaded 2-core machine). The files share no state through
    // those modules (the helpers hold none but a WeakMap by browser context and the ports handed
    // out), mock nothing, and each closes its own browser and servers. Two runs each way on
    // 2026-11-30: 420 and 409 s isolated, 371 and 392 s not, all 91 passed.
    isolate: false,
  },
});
