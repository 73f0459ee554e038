import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The stop guarantee (docs/operations.md, section 8, "Stopping a server"): after SIGTERM a process
// is gone within its grace period plus one second, with 0, 1, or at worst SIGKILL, never lingering.
const GRACE_MS = 2000;
const dir = mkdtempSync(path.join(tmpdir(), 'shutdown-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process with `installShutdown` whose stop does `stop`; SIGTERM once it is ready; how it ends. */
async function stopped(stop: string): Promise<{ ms: number; code: number | null; signal: string | null }> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.mts`);
  const shutdown = pathToFileURL(path.join(import.meta.dirname, 'shutdown.ts')).href;
  writeFileSync(
    file,
    `import { installShutdown } from ${JSON.stringify(shutdown)};
     installShutdown({ graceMs: ${GRACE_MS}, stop: async () => { ${stop} }, flushLogs: async () => {}, log: () => {} });
     setInterval(() => {}, 1000);
     process.stdout.write('ready\\n');`,
  );
  // Node's own type stripping runs the .mts and shutdown.ts (which has no TypeScript-only syntax):
  // no loader hooks, so the child is ready in a fraction of tsx's start.
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  // The reader goes away first: nothing written after this may hold the process.
  child.stdout.destroy();
  const signalled = Date.now();
  child.kill('SIGTERM');
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  return { ms: Date.now() - signalled, code, signal };
}

describe('installShutdown', () => {
  it('exits 0 when the graceful stop finishes', async () => {
    const result = await stopped('await new Promise((r) => setTimeout(r, 100));');
    expect(result).toMatchObject({ code: 0 });
    expect(result.ms).toBeLessThan(GRACE_MS);
  });

  it('exits 1 a second before the end when the stop never settles', async () => {
    const result = await stopped('await new Promise(() => {});');
    expect(result).toMatchObject({ code: 1 });
    expect(result.ms).toBeLessThan(GRACE_MS + 1000);
  });

  it('is killed at the end when its main thread is blocked', async () => {
    const result = await stopped('for (;;) {}');
    expect(result).toMatchObject({ code: null, signal: 'SIGKILL' });
    expect(result.ms).toBeGreaterThanOrEqual(GRACE_MS - 100);
    expect(result.ms).toBeLessThan(GRACE_MS + 1000);
  });
});
