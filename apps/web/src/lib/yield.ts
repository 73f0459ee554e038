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

/**
 * Runs `run` once the page is idle (a frame with time to spare), at most `timeoutMs` from now; where
 * the browser has no idle callbacks, in a task of its own. Returns the cancel (for an effect).
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  const idle = globalThis.requestIdleCallback;
  const cancelIdle = globalThis.cancelIdleCallback;
  if (typeof idle === 'function' && typeof cancelIdle === 'function') {
    const id = idle(run, { timeout: timeoutMs });
    return () => cancelIdle(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}
