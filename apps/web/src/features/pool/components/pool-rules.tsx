import type { PoolCurrent } from '@minecloud/contract/team';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import './pool-rules.css';

/** How the round pays out: who takes part, who wins, and each winning place's share. */
export function PoolRules({ pool }: { pool: PoolCurrent }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <section className="pool-rules" aria-labelledby="pool-rules-title" data-testid="pool-rules">
      <h2 id="pool-rules-title" className="pool-rules__title">
        {t('poolRulesTitle')}
      </h2>
      <ol className="pool-rules__weights" aria-label={t('poolWeights')}>
        {pool.weights.map((weight, index) => (
          // Places are fixed by their position.
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the place
          <li key={index} data-testid={`pool-weight-${index + 1}`}>
            <span>{t('poolPlace', { n: index + 1 })}</span>
            <strong>{weight}%</strong>
          </li>
        ))}
      </ol>
      <ul className="pool-rules__list">
        <li data-testid="pool-rule-join">{t('poolRuleJoin', { min: money(pool.minForge) })}</li>
        <li data-testid="pool-rule-winners">{t('poolRuleWinners', { n: pool.winners })}</li>
        <li>{t('poolRuleRollover')}</li>
      </ul>
    </section>
  );
}
