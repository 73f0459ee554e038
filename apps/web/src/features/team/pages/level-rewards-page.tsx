import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useLevelConfig } from '../api/get-level-config';
import { LevelProgressCard } from '../components/level-progress-card';
import { LevelTable } from '../components/level-table';
import { IDENTITY_NAMES } from '../lib/identity';
import '../components/team-card.css';
import './team-pages.css';

/** Level Rewards: the member's level and its benefit, the way to the next level, and every level's terms. */
export default function LevelRewardsPage() {
  const { t } = useTranslation();
  const levels = useLevelConfig();
  if (!levels.data) {
    if (levels.isPending) {
      return (
        <div className="team-page" data-testid="levels-loading">
          <Skeleton animated className="team-card__skeleton" />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      );
    }
    return <ErrorState message={t('teamLevelsFailed')} onRetry={() => void levels.refetch()} testId="levels-error" />;
  }
  const config = levels.data;
  return (
    <div className="team-page" data-testid="level-rewards">
      <section className="team-card team-card--hero" aria-labelledby="level-current-title" data-testid="level-current">
        <header className="team-card__head">
          <h2 id="level-current-title" className="team-card__title">
            {t('teamCurrentLevel')}
          </h2>
        </header>
        <p className="level-current__name" data-testid="level-current-name">
          {t(IDENTITY_NAMES[config.current.identity])}
        </p>
        <p className="level-current__benefit" data-testid="level-current-benefit">
          {t('teamBenefit')} {t('teamBonusHashRate', { pct: config.current.bonusHashRatePct })}
        </p>
      </section>
      <LevelProgressCard config={config} />
      <LevelTable config={config} />
    </div>
  );
}
