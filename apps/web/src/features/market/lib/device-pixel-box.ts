/**
 * The chart library sizes its canvases from the ResizeObserver's device-pixel-content-box, which
 * a browser emulating a pixel ratio (Chromium's device metrics, as in every e2e run, and in the
 * developer tools' phone view) still reports at the machine's own ratio: the chart was drawn at
 * 1× on a 2× screen, blurry. Where that box contradicts `devicePixelRatio` by more than rounding,
 * the box the ratio gives is used instead; where the two agree (every real screen) nothing changes.
 */

type BoxSize = { inlineSize: number; blockSize: number };

/** The device box `ratio` gives a CSS content box, or null when the reported one agrees with it. */
export function deviceBoxAtRatio(content: BoxSize, reported: BoxSize, ratio: number): BoxSize | null {
  const expected = { inlineSize: content.inlineSize * ratio, blockSize: content.blockSize * ratio };
  // A box at a fractional position rounds each edge: up to a pixel per edge apart.
  const slack = Math.max(2, ratio + 1);
  const agrees =
    Math.abs(reported.inlineSize - expected.inlineSize) <= slack &&
    Math.abs(reported.blockSize - expected.blockSize) <= slack;
  if (agrees) return null;
  return { inlineSize: Math.round(expected.inlineSize), blockSize: Math.round(expected.blockSize) };
}

function withRatioBox(entry: ResizeObserverEntry, ratio: number): ResizeObserverEntry {
  const content = entry.contentBoxSize?.[0];
  const reported = entry.devicePixelContentBoxSize?.[0];
  if (!content || !reported) return entry;
  const box = deviceBoxAtRatio(content, reported, ratio);
  if (!box) return entry;
  return {
    target: entry.target,
    contentRect: entry.contentRect,
    borderBoxSize: entry.borderBoxSize,
    contentBoxSize: entry.contentBoxSize,
    devicePixelContentBoxSize: [box],
  };
}

type ObserverWindow = { ResizeObserver?: typeof ResizeObserver; devicePixelRatio: number };
const fixed = new WeakSet<object>();

/** Makes `win`'s ResizeObserver report device boxes at its devicePixelRatio; once per window. */
export function trustPixelRatio(win: ObserverWindow = window): void {
  const Native = win.ResizeObserver;
  if (!Native || fixed.has(win)) return;
  fixed.add(win);
  win.ResizeObserver = class extends Native {
    constructor(callback: ResizeObserverCallback) {
      super((entries, observer) =>
        callback(
          entries.map((entry) => withRatioBox(entry, win.devicePixelRatio || 1)),
          observer,
        ),
      );
    }
  };
}
