import type { ShellData, ShellHelpers } from '../../../../scripts/shell/data';
import { shellScript } from '../../../../scripts/shell/script';

/**
 * Index.html's inline script as the page runs it: its own part in the parse, then the tasks it set
 * (each request, each stylesheet, the set-up), in order, as the browser runs them right after.
 * `hold`: those tasks are returned instead, to run one by one.
 */
export function runShellScript(data: ShellData, helpers: ShellHelpers, hold = false): (() => void)[] {
  const tasks: (() => void)[] = [];
  const timer = globalThis.setTimeout;
  globalThis.setTimeout = ((callback: () => void) => {
    tasks.push(callback);
    return 0;
  }) as unknown as typeof setTimeout;
  try {
    shellScript(data, helpers);
  } finally {
    globalThis.setTimeout = timer;
  }
  if (hold) return tasks;
  for (const task of tasks) task();
  return [];
}
