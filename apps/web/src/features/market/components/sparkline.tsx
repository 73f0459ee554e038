import { changeDirection } from '@/lib/price-text';
import { type SparkBox, sparklinePoints } from '../lib/sparkline';
import './sparkline.css';

const BOX: SparkBox = { width: 56, height: 28, padding: 2 };

/** The last 24 hourly closes as a small line, coloured by the 24 h change. */
export function Sparkline({ closes, pct }: { closes: readonly string[]; pct: string | null }) {
  const points = sparklinePoints(closes, BOX);
  return (
    <svg
      className="sparkline"
      data-direction={changeDirection(pct) ?? 'none'}
      width={BOX.width}
      height={BOX.height}
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      aria-hidden="true"
      data-testid="coin-sparkline"
    >
      {points && <polyline points={points} />}
    </svg>
  );
}
