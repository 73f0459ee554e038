import './rank-badge.css';

/** A ranking place in a disc: the first three as gold, silver and bronze medals. */
export function RankBadge({ rank, testId }: { rank: number; testId?: string }) {
  return (
    <span className={`rank-badge${rank <= 3 ? ` rank-badge--${rank}` : ''}`} data-testid={testId}>
      {rank}
    </span>
  );
}
