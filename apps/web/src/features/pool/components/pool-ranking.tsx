import type { PoolCurrent } from '@minecloud/contract/team';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import { PoolRankItem } from './pool-rank-item';
import './pool-ranking.css';

/**
 * This round's participants by new team performance (the first page the server sends), what that
 * counts, and the reader's own figure (the sum of the new performance their departments show on
 * the team tab); the reader's place marked.
 */
export function PoolRanking({ pool }: { pool: PoolCurrent }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <section className="pool-ranking" aria-labelledby="pool-ranking-title" data-testid="pool-ranking">
      <header className="pool-ranking__head">
        <h2 id="pool-ranking-title" className="pool-ranking__title">
          {t('poolRankingTitle')}
        </h2>
        <span className="pool-ranking__count">{t('poolParticipantsN', { n: pool.participants })}</span>
      </header>
      <p className="pool-ranking__rule" data-testid="pool-ranking-rule">
        {t('poolRankingRule')}
      </p>
      <p className="pool-ranking__mine" data-testid="pool-my-new-performance">
        {t('poolMyNewPerformance', { n: money(pool.myNewPerformance) })}
      </p>
      {pool.ranking.length === 0 ? (
        <p className="pool-ranking__empty" data-testid="pool-ranking-empty">
          {t('poolRankingEmpty')}
        </p>
      ) : (
        <ol className="ruled-list">
          {pool.ranking.map((row) => (
            <li key={row.rank}>
              <PoolRankItem row={row} isMine={row.rank === pool.myRank} testId={`pool-rank-${row.rank}`} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
