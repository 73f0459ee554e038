import path from 'node:path';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { maxWorkers } from '../vitest.workers.ts';

const root = path.resolve(import.meta.dirname, '..');

// A project that resolves fewer workers runs every file of the unit step in a row: the suite gets
// 40% slower and nothing else fails.
it('runs the files of every parallel project on at least two workers', async () => {
  const vitest = await createVitest('test', { root, config: path.join(root, 'vitest.config.ts'), watch: false });
  try {
    const workers = Object.fromEntries(vitest.projects.map((p) => [p.name, p.config.maxWorkers]));
    expect(maxWorkers).toBeGreaterThanOrEqual(2);
    expect(workers).toEqual({
      scripts: maxWorkers,
      contract: maxWorkers,
      bench: maxWorkers,
      api: maxWorkers,
      'api-pg': maxWorkers,
      // Each of its files starts server processes and a PostgreSQL of its own.
      cluster: 1,
      web: maxWorkers,
      admin: maxWorkers,
      e2e: maxWorkers,
    });
  } finally {
    await vitest.close();
  }
}, 60_000);
