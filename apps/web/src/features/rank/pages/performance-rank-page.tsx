import { PERFORMANCE_RANK_TYPES, type PerformanceRankType } from '@minecloud/contract/team';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabSwitch } from '@/components/tab-switch';
import type { MessageKey } from '@/i18n/i18n';
import { usePerformanceRank } from '../api/get-performance-rank';
import { RankingList } from '../components/ranking-list';
import './rank-pages.css';

// The closed day first: its ranking is final; today's moves with every purchase.
const TYPES: PerformanceRankType[] = ['daily', 'new'];

const TYPE_NAMES: Record<PerformanceRankType, MessageKey> = { daily: 'rankDaily', new: 'rankNew' };
const TYPE_NOTES: Record<PerformanceRankType, MessageKey> = { daily: 'rankDailyNote', new: 'rankNewNote' };

function isRankType(value: string | null): value is PerformanceRankType {
  return PERFORMANCE_RANK_TYPES.some((type) => type === value);
}

function Ranking({ type }: { type: PerformanceRankType }) {
  const { t } = useTranslation();
  const rank = usePerformanceRank(type);
  const day = rank.data?.pages[0]?.day;
  return (
    <>
      <p className="rank-page__note" data-testid="rank-note">
        {t(TYPE_NOTES[type])}
        {day ? ` · ${t('rankDay', { day })}` : ''}
      </p>
      <RankingList
        query={rank}
        figureOf={(row) => row.performance}
        valueLabel={t('rankNewPerformance')}
        label={t(TYPE_NAMES[type])}
        testId="performance-rank"
      />
    </>
  );
}

/** Performance rank: new performance of the last closed day (final) or of today so far. */
export default function PerformanceRankPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type: PerformanceRankType = isRankType(requested) ? requested : 'daily';
  return (
    <div className="rank-page">
      <TabSwitch
        options={TYPES.map((value) => ({ value, label: t(TYPE_NAMES[value]) }))}
        value={type}
        onChange={(value) => setParams({ type: value }, { replace: true })}
        label={t('titlePerformanceRank')}
        testIdPrefix="rank-tab"
      />
      <Ranking key={type} type={type} />
    </div>
  );
}
