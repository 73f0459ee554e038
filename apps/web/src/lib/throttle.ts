/**
 * `run` at most once per `ms`: the first call at once, the last one of a burst when its time comes
 * (so the final state is always read).
 */
export function throttle(run: () => void, ms: number): () => void {
  let last = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      run();
      return;
    }
    if (pending !== undefined) return;
    pending = setTimeout(() => {
      pending = undefined;
      last = Date.now();
      run();
    }, wait);
  };
}
