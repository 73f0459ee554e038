export type SparkBox = { width: number; height: number; padding: number };

/**
 * The points of a trend line through `closes` (oldest first) inside `box`, as an SVG `points`
 * list. Prices become floats here only to place pixels. Null with fewer than two readable closes;
 * an unchanged price draws a level line across the middle.
 */
export function sparklinePoints(closes: readonly string[], box: SparkBox): string | null {
  const values = closes.map(Number.parseFloat).filter(Number.isFinite);
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const range = Math.max(...values) - min;
  const innerHeight = box.height - 2 * box.padding;
  const step = (box.width - 2 * box.padding) / (values.length - 1);
  return values
    .map((value, index) => {
      const x = box.padding + index * step;
      const y = range === 0 ? box.height / 2 : box.padding + (1 - (value - min) / range) * innerHeight;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

const round = (value: number) => Math.round(value * 10) / 10;
