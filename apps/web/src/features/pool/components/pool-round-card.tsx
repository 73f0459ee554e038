import type { PoolRound } from '@minecloud/contract/team';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { useMoneyText } from '@/lib/money-text';
import { PoolRankItem } from './pool-rank-item';
import { PoolRoundCheck } from './pool-round-check';
import './pool-ranking.css';
import './pool-round-card.css';

/** A settled round: where its pool came from and went, its frozen ranking with each place's payout, and their check. */
export function PoolRoundCard({ round }: { round: PoolRound }) {
  const { t } = useTranslation();
  const gold = useMoneyText();
  const titleId = `pool-round-${round.day}-title`;
  return (
    <article className="pool-round" aria-labelledby={titleId} data-testid={`pool-round-${round.day}`}>
      <header className="pool-round__head">
        <h3 id={titleId} className="pool-round__title">
          {round.day}
        </h3>
        <span className="pool-round__settled">
          {t('poolSettledAt')}{' '}
          <time dateTime={round.settledAt} data-testid="pool-round-settled">
            {formatLocalTime(round.settledAt)}
          </time>
        </span>
      </header>
      <dl className="pool-round__figures">
        <div className="is-main">
          <dt>{t('poolRoundPool')}</dt>
          <dd data-testid="pool-round-pool">{gold(round.pool)}</dd>
        </div>
        <div className="is-main">
          <dt>{t('poolRoundPaid')}</dt>
          <dd data-testid="pool-round-paid">{gold(round.paid)}</dd>
        </div>
        <div className="is-main">
          <dt>{t('poolParticipants')}</dt>
          <dd data-testid="pool-round-participants">{round.participants}</dd>
        </div>
        <div>
          <dt>{t('poolRoundRolloverIn')}</dt>
          <dd data-testid="pool-round-rollover-in">{gold(round.rolloverIn)}</dd>
        </div>
        <div>
          <dt>{t('poolRoundFunded')}</dt>
          <dd data-testid="pool-round-funded">{gold(round.funded)}</dd>
        </div>
        <div>
          <dt>{t('poolRoundRolloverOut')}</dt>
          <dd data-testid="pool-round-rollover-out">{gold(round.rolloverOut)}</dd>
        </div>
      </dl>
      <p className="pool-round__rounding" data-testid="pool-round-rounding">
        {t('poolRoundRounding', { n: gold(round.rounding) })}
      </p>
      {round.ranking.length === 0 ? (
        <p className="pool-ranking__empty">{t('poolRoundNoParticipants')}</p>
      ) : (
        <ol className="ruled-list pool-round__ranking">
          {round.ranking.map((row) => (
            <li key={row.rank}>
              <PoolRankItem row={row} testId={`pool-round-rank-${row.rank}`} />
            </li>
          ))}
        </ol>
      )}
      <PoolRoundCheck round={round} />
    </article>
  );
}
