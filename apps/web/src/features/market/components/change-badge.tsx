import { changeDirection, changeText } from '@/lib/price-text';
import './change-badge.css';

type ChangeBadgeProps = { pct: string | null; solid?: boolean; testId?: string };

/** A 24 h change with its sign, green when up and red when down (`solid`: a filled pill, as in lists). */
export function ChangeBadge({ pct, solid = false, testId = 'coin-change' }: ChangeBadgeProps) {
  return (
    <span
      className={`change-badge${solid ? ' change-badge--solid' : ''}`}
      data-direction={changeDirection(pct) ?? 'none'}
      data-testid={testId}
    >
      {changeText(pct)}
    </span>
  );
}
