import type { LevelConfig } from '@minecloud/contract/team';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useMoneyText } from '@/lib/money-text';
import { useAppNavigate } from '@/lib/navigation';
import { IDENTITY_NAMES } from '../lib/identity';
import { isPositive, progressTowards } from '../lib/level-progress';
import './level-progress-card.css';
import './team-card.css';

type AreaProgressProps = { area: 'major' | 'minor'; have: string; need: string; missing: string };

/** One area's performance against the next level's requirement, and what is still missing. */
function AreaProgress({ area, have, need, missing }: AreaProgressProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const progress = progressTowards(have, need);
  const label = t(area === 'major' ? 'teamMajorAreaPerformance' : 'teamMinorAreaPerformance');
  return (
    <div className="level-area" data-testid={`level-${area}`}>
      <p className="level-area__row">
        <span>{label}</span>
        <span>
          <strong data-testid={`level-${area}-have`}>{money(have)}</strong> /{' '}
          <span data-testid={`level-${area}-need`}>{money(need)}</span> U
        </span>
      </p>
      <div
        className="level-area__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.value}
        aria-valuetext={`${progress.text}%`}
        data-testid={`level-${area}-progress`}
      >
        <span style={{ width: `${progress.value}%` }} />
      </div>
      <p className="level-area__row level-area__row--small">
        <span data-testid={`level-${area}-percent`}>{progress.text}%</span>
        <span className={isPositive(missing) ? 'level-area__gap' : 'level-area__met'} data-testid={`level-${area}-gap`}>
          {isPositive(missing)
            ? t(area === 'major' ? 'teamMajorMissing' : 'teamMinorMissing', { n: money(missing) })
            : t('teamAreaMet')}
        </span>
      </p>
    </div>
  );
}

/** How far the member is from the next level: a purchase to make, or area performance still missing. */
export function LevelProgressCard({ config }: { config: LevelConfig }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const { next } = config;
  const nextRow = next ? config.levels.find((row) => row.level === next.level) : undefined;
  return (
    <section className="team-card" aria-labelledby="level-progress-title" data-testid="level-progress">
      <header className="team-card__head">
        <h2 id="level-progress-title" className="team-card__title">
          {t('teamLevelProgress')}
        </h2>
        {next && (
          <span className="team-badge" data-testid="level-next">
            {t('teamNextLevel', { name: t(IDENTITY_NAMES[next.identity]) })}
          </span>
        )}
      </header>
      {next === null ? (
        <p className="level-progress__top" data-testid="level-top">
          {t('teamTopLevel')}
        </p>
      ) : (
        <div className="level-progress__areas">
          {next.needsPurchase && (
            <div className="level-progress__purchase" data-testid="level-needs-purchase">
              <p>{t('teamNeedsPurchase', { name: t(IDENTITY_NAMES[next.identity]) })}</p>
              <Button
                color="primary"
                size="small"
                shape="rounded"
                onClick={() => {
                  go(paths.second.href());
                }}
                data-testid="level-go-buy"
              >
                {t('teamGoBuy')}
              </Button>
            </div>
          )}
          {nextRow && isPositive(nextRow.majorRequired) && (
            <AreaProgress area="major" have={config.major} need={nextRow.majorRequired} missing={next.majorMissing} />
          )}
          {nextRow && isPositive(nextRow.minorRequired) && (
            <AreaProgress area="minor" have={config.minor} need={nextRow.minorRequired} missing={next.minorMissing} />
          )}
        </div>
      )}
    </section>
  );
}
