import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { RankBadge } from '@/components/rank-badge';
import { copyText } from '@/lib/copy';
import { useMoneyText } from '@/lib/money-text';
import './pool-rank-item.css';

type PoolRankRow = {
  rank: number;
  address: string;
  newPerformance: string;
  forged: string;
  weightPct: number;
  /** Settled rounds: gold coins paid to this place, and the ledger transfer that paid them. */
  amount?: string;
  transferId?: string | null;
};

type PoolRankItemProps = { row: PoolRankRow; isMine?: boolean; testId: string };

/** One participant: place, shortened address, new performance, gold forged, share and (settled) payout. */
export function PoolRankItem({ row, isMine = false, testId }: PoolRankItemProps) {
  const { t } = useTranslation();
  const two = useMoneyText();
  const wins = row.weightPct > 0;
  return (
    <div
      className={`pool-rank${wins ? ' is-winner' : ''}${isMine ? ' is-mine' : ''}`}
      data-testid={testId}
      data-winner={wins}
    >
      <RankBadge rank={row.rank} />
      <div className="pool-rank__main">
        <div className="pool-rank__line">
          <span className="pool-rank__address" data-testid="pool-rank-address">
            {row.address}
            {isMine && <span className="pool-rank__me">{t('poolMe')}</span>}
          </span>
          <span className="pool-rank__performance">
            <strong data-testid="pool-rank-performance">{two(row.newPerformance)}</strong> U
          </span>
        </div>
        <div className="pool-rank__line pool-rank__line--small">
          <span data-testid="pool-rank-forged">{t('poolForgedN', { n: two(row.forged) })}</span>
          <span className={wins ? 'pool-rank__weight' : undefined} data-testid="pool-rank-weight">
            {t('poolShareN', { pct: row.weightPct })}
          </span>
        </div>
        {row.amount !== undefined && (
          <div className="pool-rank__line pool-rank__line--small">
            <span className={wins ? 'pool-rank__paid' : undefined} data-testid="pool-rank-paid">
              {t('poolPaidN', { n: two(row.amount) })}
            </span>
            {row.transferId && (
              <button
                type="button"
                className="plain-button pool-rank__transfer"
                onClick={() => void copyText(row.transferId)}
                aria-label={t('verifyPoolCopyTransfer', { id: row.transferId })}
                data-testid="pool-rank-transfer"
              >
                <span className="pool-rank__transfer-id">{t('poolTransferId', { id: row.transferId })}</span>
                <Icon name="copy" size={12} />
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
