import { useTranslation } from 'react-i18next';
import { useCommunityRank } from '../api/get-community-rank';
import { RankingList } from '../components/ranking-list';
import './rank-pages.css';

/** Community rank: members by the performance of their whole team. */
export default function CommunityRankPage() {
  const { t } = useTranslation();
  const rank = useCommunityRank();
  return (
    <div className="rank-page">
      <p className="rank-page__note">{t('rankCommunityNote')}</p>
      <RankingList
        query={rank}
        figureOf={(row) => row.teamPerformance}
        valueLabel={t('rankTeamPerformance')}
        label={t('titleCommunityRank')}
        testId="community-rank"
      />
    </div>
  );
}
