import { MINER_STATUSES, type MinerStatus } from '@minecloud/contract/miner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyListLink, PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import { paths } from '@/config/paths';
import { useMyMiners } from '../api/get-my-miners';
import { MyMinerCard, STATUS_NAMES } from '../components/my-miner-card';
import './list-page.css';

function isMinerStatus(value: string | null): value is MinerStatus {
  return MINER_STATUSES.some((status) => status === value);
}

function MinerList({ status }: { status: MinerStatus }) {
  const { t } = useTranslation();
  const miners = useMyMiners(status);
  return (
    <PagedList
      query={miners}
      itemKey={(miner) => miner.id}
      renderItem={(miner) => <MyMinerCard miner={miner} />}
      label={t(STATUS_NAMES[status])}
      emptyText={t(status === 'mining' ? 'myMinersEmpty' : 'myMinersNoneTerminated')}
      emptyAction={
        status === 'mining' && (
          <EmptyListLink to={paths.second.href()} label={t('myMinersGoShop')} testId="my-miners-go-shop" />
        )
      }
      failedText={t('myMinersFailed')}
      testId="my-miners"
    />
  );
}

/** The member's miners, mining now or terminated. */
export default function MyMinersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: MinerStatus = isMinerStatus(requested) ? requested : 'mining';
  return (
    <div className="list-page list-page--cards">
      <TabSwitch
        options={MINER_STATUSES.map((value) => ({ value, label: t(STATUS_NAMES[value]) }))}
        value={status}
        onChange={(value) => setParams({ status: value }, { replace: true })}
        label={t('titleMyMiners')}
        testIdPrefix="miner-tab"
      />
      {/* Each status keeps its own list and scroll position. */}
      <MinerList key={status} status={status} />
    </div>
  );
}
