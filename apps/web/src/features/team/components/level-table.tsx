import type { LevelConfig, LevelRow } from '@minecloud/contract/team';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import { IDENTITY_NAMES } from '../lib/identity';
import { isPositive } from '../lib/level-progress';
import './level-table.css';
import './team-card.css';

function Conditions({ row }: { row: LevelRow }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const lines: string[] = [];
  if (row.needsPurchase) lines.push(t('teamConditionPurchase'));
  if (isPositive(row.majorRequired)) lines.push(t('teamConditionMajor', { n: money(row.majorRequired) }));
  if (isPositive(row.minorRequired)) lines.push(t('teamConditionMinor', { n: money(row.minorRequired) }));
  if (lines.length === 0) lines.push(t('teamConditionNone'));
  return (
    <ul className="level-row__conditions" data-testid={`level-row-${row.level}-conditions`}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Every level with what it takes and what it gives; the member's own is marked, the ones below it ticked. */
export function LevelTable({ config }: { config: LevelConfig }) {
  const { t } = useTranslation();
  const currentLevel = config.current.level;
  return (
    <section className="team-card" aria-labelledby="level-table-title" data-testid="level-table">
      <header className="team-card__head">
        <h2 id="level-table-title" className="team-card__title">
          {t('teamLevelsTitle')}
        </h2>
      </header>
      <ol className="level-table">
        {config.levels.map((row) => {
          const state = row.level === currentLevel ? 'current' : row.level < currentLevel ? 'reached' : 'ahead';
          return (
            <li key={row.level} className={`level-row level-row--${state}`} data-testid={`level-row-${row.level}`}>
              <div className="level-row__head">
                <span className={`level-row__name level-row__name--${row.identity}`}>
                  {t(IDENTITY_NAMES[row.identity])}
                </span>
                {state === 'current' && (
                  <span className="team-badge" data-testid="level-row-current">
                    {t('teamCurrentBadge')}
                  </span>
                )}
                {state === 'reached' && <span className="team-badge team-badge--muted">{t('teamReachedBadge')}</span>}
                <span className="level-row__bonus" data-testid={`level-row-${row.level}-bonus`}>
                  {t('teamBonusHashRate', { pct: row.bonusHashRatePct })}
                </span>
              </div>
              <Conditions row={row} />
            </li>
          );
        })}
      </ol>
      <p className="team-card__note">{t('teamAreasExplained')}</p>
    </section>
  );
}
