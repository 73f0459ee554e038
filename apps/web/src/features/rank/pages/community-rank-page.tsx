import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { useCommunityRank } from '../api/get-community-rank';
import { MyPlace } from '../components/my-place';
import { RankRow } from '../components/rank-row';
import './rank-pages.css';

/** Community rank: members by the performance of their whole team. */
export default function CommunityRankPage() {
  const { t } = useTranslation();
  const rank = useCommunityRank();
  const first = rank.data?.pages[0];
  const mine = first ? first.mine && { ...first.mine, value: first.mine.teamPerformance } : undefined;
  return (
    <div className="rank-page">
      <p className="rank-page__note">{t('rankCommunityNote')}</p>
      <MyPlace mine={mine} />
      <section className="rank-page__list">
        <p className="rank-page__columns" aria-hidden="true">
          <span>{t('rankPlace')}</span>
          <span>{t('rankAddress')}</span>
          <span>{t('rankTeamPerformance')}</span>
        </p>
        <PagedList
          query={rank}
          itemKey={(row) => String(row.rank)}
          renderItem={(row) => (
            <RankRow
              rank={row.rank}
              address={row.address}
              value={row.teamPerformance}
              isMine={row.rank === mine?.rank}
              testId={`rank-${row.rank}`}
            />
          )}
          label={t('titleCommunityRank')}
          emptyText={t('rankEmpty')}
          failedText={t('rankFailed')}
          testId="community-rank"
        />
      </section>
    </div>
  );
}
