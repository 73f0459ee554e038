import { useTranslation } from 'react-i18next';
import { getBlackHoleQueryOptions } from '@/api/get-black-hole';
import { getPoolPowerQueryOptions } from '@/api/get-pool-power';
import { LinkRows } from '@/components/link-rows';
import { paths } from '@/config/paths';
import type { FirstQuery } from '@/lib/first-data';
import { getCommunityInfoQueryOptions } from '../api/get-community-info';
import { CommunityOverview } from '../components/community-overview';
import { DataBoard } from '../components/data-board';
import './team-pages.css';

/** The first screen's data, asked for before the app's first render when the app opens here. */
export function firstQueries(): FirstQuery[] {
  return [getCommunityInfoQueryOptions(true), getPoolPowerQueryOptions(true), getBlackHoleQueryOptions(true)];
}

/** The team tab: the community overview, the data board (black hole), and the rankings. */
export default function TeamPage() {
  const { t } = useTranslation();
  return (
    <div className="team-page" data-testid="team">
      <CommunityOverview />
      <DataBoard />
      <LinkRows
        label={t('teamLinksLabel')}
        testIdPrefix="team-go"
        links={[
          { route: paths.teamRank, icon: 'team', name: 'community-rank' },
          { route: paths.rank, icon: 'rank', name: 'performance-rank' },
          { route: paths.prizePool, icon: 'pool', name: 'prize-pool' },
          { route: paths.three, icon: 'me', name: 'my-team' },
        ]}
      />
    </div>
  );
}
