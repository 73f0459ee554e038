import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/api/get-user';
import { ErrorState } from '@/components/error-state';
import { LinkRows } from '@/components/link-rows';
import { paths } from '@/config/paths';
import { useReferrals } from '../api/get-invite-relation';
import { DepartmentsCard } from '../components/departments-card';
import { InviteCard } from '../components/invite-card';
import { PlacementCodes } from '../components/placement-codes';
import { ReferralLists } from '../components/referral-lists';
import { IDENTITY_NAMES } from '../lib/identity';
import '../components/team-card.css';
import './team-pages.css';

function LevelHint() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user.data) return null;
  return <span data-testid="team-my-identity">{t(IDENTITY_NAMES[user.data.identity])}</span>;
}

/** My Team: the invite link and placement codes, referral rewards, departments and referrals. */
export default function MyTeamPage() {
  const { t } = useTranslation();
  // The first page of the direct list carries the link, the codes and the totals.
  const relation = useReferrals('direct');
  const first = relation.data?.pages[0];

  let invite: React.ReactNode;
  if (first) {
    invite = (
      <>
        <InviteCard relation={first} />
        <PlacementCodes codes={first.inviteCodes} />
      </>
    );
  } else if (relation.isPending) {
    invite = <Skeleton animated className="team-card__skeleton" />;
  } else {
    invite = (
      <ErrorState message={t('teamInviteFailed')} onRetry={() => void relation.refetch()} testId="invite-error" />
    );
  }

  return (
    <div className="team-page" data-testid="my-team">
      {invite}
      <LinkRows
        label={t('teamLinksLabel')}
        testIdPrefix="team-go"
        links={[
          { route: paths.levelRewards, icon: 'power', name: 'levels', hint: <LevelHint /> },
          { route: paths.rank, icon: 'rank', name: 'performance-rank' },
          { route: paths.prizePool, icon: 'pool', name: 'prize-pool' },
          { route: paths.about, icon: 'settings', name: 'settings', labelKey: 'settingsLink' },
        ]}
      />
      <DepartmentsCard />
      <ReferralLists totals={first ? { direct: first.directTotal, indirect: first.indirectTotal } : null} />
    </div>
  );
}
