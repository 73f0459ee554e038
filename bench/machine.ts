// What a benchmarkIndex does not see. Lighthouse's index times a short JavaScript loop on memory it
// already has; the browser's own work in a page load (a new renderer, its heaps, IPC buffers, a link's
// request) keeps taking fresh memory from the kernel, one page fault per 4 KiB. On some virtual
// machines a first touch is backed lazily by the host and costs 10–20 µs a page instead of well under
// one: the index then reads a fast machine (a high calibrated slowdown) while every page's trace runs
// several times longer. The Lighthouse bench prints this figure beside the index so that a run on such
// a machine says so.

/** A first touch over this (µs a 4 KiB page) is not a quiet machine for the browser benches. */
export const QUIET_FIRST_TOUCH_MICROS = 3;

const PAGE = 4096;

/**
 * The median time, over `samples` fresh 64 MiB allocations, to touch each of their pages once
 * (µs a page). Large allocations come straight from the kernel as untouched anonymous memory, so each
 * touch is one page fault: the cost the browser pays for every new page of memory it takes.
 */
export function memoryFirstTouchMicros(samples = 3, bytes = 64 * 1024 * 1024): number {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const started = process.hrtime.bigint();
    const memory = Buffer.alloc(bytes);
    for (let at = 0; at < bytes; at += PAGE) memory[at] = 1;
    times.push(Number(process.hrtime.bigint() - started) / 1000 / (bytes / PAGE));
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
