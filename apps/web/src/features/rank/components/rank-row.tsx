import { RankBadge } from '@/components/rank-badge';
import { useMoneyText } from '@/lib/money-text';
import './rank-row.css';

type RankRowProps = { rank: number; address: string; value: string; isMine?: boolean; testId: string };

/** One place of a ranking: the place (the first three as medals), the shortened address, and the U figure; the reader's own in green. */
export function RankRow({ rank, address, value, isMine = false, testId }: RankRowProps) {
  const money = useMoneyText();
  return (
    <div className={`rank-row${isMine ? ' is-mine' : ''}`} data-testid={testId}>
      <RankBadge rank={rank} testId="rank-place" />
      <span className="rank-row__address" data-testid="rank-address">
        {address}
      </span>
      <span className="rank-row__value">
        <strong data-testid="rank-value">{money(value)}</strong> U
      </span>
    </div>
  );
}
