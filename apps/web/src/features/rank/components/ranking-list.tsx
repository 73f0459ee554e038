import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { MyPlace } from './my-place';
import { RankRow } from './rank-row';
import './ranking-list.css';

type Place = { rank: number; address: string };
type RankingPage<Row extends Place> = { list: Row[]; total: number; mine: Row | null };

type RankingListProps<Row extends Place> = {
  query: UseInfiniteQueryResult<InfiniteData<RankingPage<Row>>>;
  /** The U figure a row is ranked by. */
  figureOf: (row: Row) => string;
  valueLabel: string;
  label: string;
  testId: string;
};

/** A ranking: the reader's own place pinned on top, then every place, paged, the reader's marked. */
export function RankingList<Row extends Place>({ query, figureOf, valueLabel, label, testId }: RankingListProps<Row>) {
  const { t } = useTranslation();
  const first = query.data?.pages[0];
  const mine = first ? first.mine && { ...first.mine, value: figureOf(first.mine) } : undefined;
  return (
    <>
      <MyPlace mine={mine} />
      <section className="ranking-list">
        <p className="ranking-list__columns" aria-hidden="true">
          <span>{t('rankPlace')}</span>
          <span>{t('rankAddress')}</span>
          <span>{valueLabel}</span>
        </p>
        <PagedList
          query={query}
          itemKey={(row) => String(row.rank)}
          renderItem={(row) => (
            <RankRow
              rank={row.rank}
              address={row.address}
              value={figureOf(row)}
              isMine={row.rank === mine?.rank}
              testId={`rank-${row.rank}`}
            />
          )}
          label={label}
          emptyText={t('rankEmpty')}
          failedText={t('rankFailed')}
          testId={testId}
        />
      </section>
    </>
  );
}
