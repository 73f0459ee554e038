import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';

const BOX = { width: 64, height: 28, padding: 2 };

describe('sparklinePoints', () => {
  it('spreads the closes across the width, the highest at the top and the lowest at the bottom', () => {
    expect(sparklinePoints(['100', '110', '105'], BOX)).toBe('2,26 32,2 62,14');
  });

  it('draws an unchanged price as a level line through the middle', () => {
    expect(sparklinePoints(['5', '5', '5'], BOX)).toBe('2,14 32,14 62,14');
  });

  it('draws nothing with fewer than two readable closes', () => {
    expect(sparklinePoints(['100'], BOX)).toBeNull();
    expect(sparklinePoints([], BOX)).toBeNull();
    expect(sparklinePoints(['x', '1'], BOX)).toBeNull();
  });
});
