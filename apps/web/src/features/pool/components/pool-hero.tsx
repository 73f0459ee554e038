import type { PoolCurrent } from '@minecloud/contract/team';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import { Countdown } from './countdown';
import './pool-hero.css';

type PoolHeroProps = { pool: PoolCurrent; onForge: () => void; onEnded: () => void };

/** This round: the gold coins in the pool and where they came from, the time left, and the reader's part. */
export function PoolHero({ pool, onForge, onEnded }: PoolHeroProps) {
  const { t } = useTranslation();
  const gold = useMoneyText();
  return (
    <section className="pool-hero" aria-labelledby="pool-hero-title" data-testid="pool-current">
      <header className="pool-hero__head">
        <h2 id="pool-hero-title" className="pool-hero__title">
          {t('poolThisRound')}
        </h2>
        <span className="pool-hero__day" data-testid="pool-day">
          {pool.day}
        </span>
      </header>
      <p className="pool-hero__amount">
        <span data-testid="pool-amount">{gold(pool.pool)}</span>
        <small>{t('balanceGold')}</small>
      </p>
      <p className="pool-hero__sources" data-testid="pool-sources">
        {t('poolSources', { rollover: gold(pool.rolloverIn), funded: gold(pool.funded) })}
      </p>
      <Countdown endsAt={pool.endsAt} onEnded={onEnded} />
      <dl className="pool-hero__figures">
        <div>
          <dt>{t('poolParticipants')}</dt>
          <dd data-testid="pool-participants">{pool.participants}</dd>
        </div>
        <div>
          <dt>{t('poolMyForged')}</dt>
          <dd data-testid="pool-my-forged">{gold(pool.myForged)}</dd>
        </div>
        <div>
          <dt>{t('poolMyRank')}</dt>
          <dd data-testid="pool-my-rank">{pool.myRank === null ? t('poolNotJoined') : `#${pool.myRank}`}</dd>
        </div>
      </dl>
      <Button color="primary" size="large" block onClick={onForge} data-testid="pool-forge">
        {t('poolForge')}
      </Button>
    </section>
  );
}
