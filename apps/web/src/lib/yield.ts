/**
 * Lets the browser run what waits (input, a paint) before the rest of a long start-up: the work
 * after it runs in a task of its own. `scheduler.yield()` where the browser has it (the rest keeps
 * its place ahead of other tasks), else a new task.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
