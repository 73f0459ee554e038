import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useCommunityInfo } from '../api/get-community-info';
import { Figure, UnitAmount } from './figure';
import './team-card.css';

/** The whole community: members, members who bought, and performance in all and today. */
export function CommunityOverview() {
  const { t } = useTranslation();
  const community = useCommunityInfo();
  let body: React.ReactNode;
  if (community.isPending) body = <Skeleton.Paragraph lineCount={3} animated />;
  else if (community.isError) {
    body = (
      <ErrorState
        message={t('teamCommunityFailed')}
        onRetry={() => void community.refetch()}
        testId="community-error"
      />
    );
  } else {
    const data = community.data;
    body = (
      <>
        <dl className="team-figures">
          <Figure label={t('teamCommunityMembers')}>
            <span data-testid="community-members">{data.members}</span>
          </Figure>
          <Figure label={t('teamCommunityActive')}>
            <span data-testid="community-active">{data.activeMembers}</span>
          </Figure>
          <Figure label={t('teamCommunityTotal')}>
            <UnitAmount value={data.totalPerformance} testId="community-total" />
          </Figure>
          <Figure label={t('teamCommunityNew')}>
            <UnitAmount value={data.newPerformance} testId="community-new" />
          </Figure>
        </dl>
        <p className="team-card__note" data-testid="community-day">
          {t('teamNewPerformanceDay', { day: data.day })}
        </p>
      </>
    );
  }
  return (
    <section className="team-card team-card--hero" aria-labelledby="community-title" data-testid="community">
      <header className="team-card__head">
        <h2 id="community-title" className="team-card__title">
          {t('teamCommunityTitle')}
        </h2>
      </header>
      {body}
    </section>
  );
}
