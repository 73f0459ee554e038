import { describe, expect, it } from 'vitest';
import { deviceBoxAtRatio, trustPixelRatio } from './device-pixel-box';

describe('canvases sized at the screen pixel ratio', () => {
  it('replaces a device box reported at 1× on a 2× screen, and keeps one that agrees', () => {
    const content = { inlineSize: 324.5, blockSize: 250 };
    expect(deviceBoxAtRatio(content, { inlineSize: 325, blockSize: 250 }, 2)).toEqual({
      inlineSize: 649,
      blockSize: 500,
    });
    expect(deviceBoxAtRatio(content, { inlineSize: 650, blockSize: 500 }, 2)).toBeNull();
    expect(deviceBoxAtRatio(content, { inlineSize: 974, blockSize: 750 }, 3)).toBeNull();
    expect(deviceBoxAtRatio(content, { inlineSize: 325, blockSize: 250 }, 1)).toBeNull();
  });

  it("hands the chart's observer entries at the window's ratio, once however often installed", () => {
    const seen: ResizeObserverEntry[][] = [];
    class FakeObserver {
      constructor(readonly callback: ResizeObserverCallback) {}
      fire(entries: ResizeObserverEntry[]) {
        this.callback(entries, this as unknown as ResizeObserver);
      }
    }
    const win = { ResizeObserver: FakeObserver as unknown as typeof ResizeObserver, devicePixelRatio: 2 };
    trustPixelRatio(win);
    const once = win.ResizeObserver;
    trustPixelRatio(win);
    expect(win.ResizeObserver).toBe(once);
    const observer = new win.ResizeObserver((entries) => seen.push(entries)) as unknown as FakeObserver;
    const target = {} as Element;
    const box = (inlineSize: number, blockSize: number) => [{ inlineSize, blockSize }];
    const entry = {
      target,
      contentRect: {} as DOMRectReadOnly,
      borderBoxSize: box(300, 200),
      contentBoxSize: box(300, 200),
      devicePixelContentBoxSize: box(300, 200),
    } as ResizeObserverEntry;
    observer.fire([entry]);
    expect(seen[0]?.[0]?.devicePixelContentBoxSize[0]).toEqual({ inlineSize: 600, blockSize: 400 });
    expect(seen[0]?.[0]?.target).toBe(target);
    const right = { ...entry, devicePixelContentBoxSize: box(600, 400) } as ResizeObserverEntry;
    observer.fire([right]);
    expect(seen[1]?.[0]).toBe(right);
  });
});
