import { onTestFinished, vi } from 'vitest';

/**
 * For the current test, an idle callback that never comes: code fetched ahead of need (the pull, a
 * sheet) is then asked for only by a touch or an open.
 */
export function idleNeverComes(): void {
  vi.stubGlobal('requestIdleCallback', () => 0);
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
}
