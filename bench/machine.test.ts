import { describe, expect, it } from 'vitest';
import { memoryFirstTouchMicros } from './machine.ts';

describe('memoryFirstTouchMicros', () => {
  it('times a page fault: a finite cost a page, far under a millisecond', () => {
    const micros = memoryFirstTouchMicros(3, 8 * 1024 * 1024);
    expect(Number.isFinite(micros)).toBe(true);
    expect(micros).toBeGreaterThan(0);
    expect(micros).toBeLessThan(1000);
  });
});
