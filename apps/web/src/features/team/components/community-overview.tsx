import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useCommunityInfo } from '../api/get-community-info';
import { Figure, PendingValue, UnitAmount } from './figure';
import './team-card.css';

/**
 * The whole community: members, members who bought, and performance in all and today: every
 * member's purchases, their own included (a member's pool ranking counts their team's only, and
 * the note says so).
 */
export function CommunityOverview() {
  const { t } = useTranslation();
  const community = useCommunityInfo();
  let body: React.ReactNode;
  if (community.isError) {
    body = (
      <ErrorState
        message={t('teamCommunityFailed')}
        onRetry={() => void community.refetch()}
        testId="community-error"
      />
    );
  } else {
    // While loading, the same figures with their labels and a bar for each value: nothing moves when
    // the values come.
    const data = community.data;
    body = (
      <>
        <dl className="team-figures" aria-busy={data ? undefined : true}>
          <Figure label={t('teamCommunityMembers')}>
            {data ? <span data-testid="community-members">{data.members}</span> : <PendingValue />}
          </Figure>
          <Figure label={t('teamCommunityActive')}>
            {data ? <span data-testid="community-active">{data.activeMembers}</span> : <PendingValue />}
          </Figure>
          <Figure label={t('teamCommunityTotal')}>
            {data ? <UnitAmount value={data.totalPerformance} testId="community-total" /> : <PendingValue />}
          </Figure>
          <Figure label={t('teamCommunityNew')}>
            {data ? <UnitAmount value={data.newPerformance} testId="community-new" /> : <PendingValue />}
          </Figure>
        </dl>
        {data ? (
          <p className="team-card__note" data-testid="community-day">
            {t('teamCommunityNewNote', { day: data.day })}
          </p>
        ) : (
          <p className="team-card__note">{'\u00a0'}</p>
        )}
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
