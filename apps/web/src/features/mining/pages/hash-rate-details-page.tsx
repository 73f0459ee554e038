import { POWER_SOURCES } from '@minecloud/contract/miner';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import type { MessageKey } from '@/i18n/i18n';
import { hashRateText } from '@/lib/hash-rate-text';
import { usePowerRecords } from '../api/get-power-records';
import type { PowerSource } from '../api/query-keys';
import { PowerRecordItem } from '../components/power-record-item';
import './list-page.css';

const SOURCE_NAMES: Record<PowerSource, MessageKey> = { own: 'powerOwn', bonus: 'powerBonus' };

function isPowerSource(value: string | null): value is PowerSource {
  return POWER_SOURCES.some((source) => source === value);
}

function RecordList({ source }: { source: PowerSource }) {
  const { t } = useTranslation();
  const records = usePowerRecords(source);
  // Every page carries the member's live hash rate of each source.
  const current = records.data?.pages[0]?.[source];
  return (
    <>
      <div className="list-page__summary" data-testid="power-details-summary">
        <span>{t(SOURCE_NAMES[source])}</span>
        {records.isPending ? (
          <Skeleton.Title animated className="list-page__summary-skeleton" />
        ) : current === undefined ? (
          <strong>--</strong>
        ) : (
          <span>
            <strong data-testid="power-details-current">{hashRateText(current)}</strong>
            <small>TH/s</small>
          </span>
        )}
      </div>
      <section className="list-page__panel">
        <PagedList
          query={records}
          itemKey={(record) => record.id}
          renderItem={(record) => <PowerRecordItem record={record} />}
          label={t('titleHashRateDetails')}
          emptyText={t('powerRecordsEmpty')}
          failedText={t('powerRecordsFailed')}
          testId="power-records"
        />
      </section>
    </>
  );
}

/** Every change of the member's own or bonus hash rate. */
export default function HashRateDetailsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('source');
  const source: PowerSource = isPowerSource(requested) ? requested : 'own';
  return (
    <div className="list-page">
      <TabSwitch
        options={POWER_SOURCES.map((value) => ({ value, label: t(SOURCE_NAMES[value]) }))}
        value={source}
        onChange={(value) => setParams({ source: value }, { replace: true })}
        label={t('titleHashRateDetails')}
        testIdPrefix="power-tab"
      />
      <RecordList key={source} source={source} />
    </div>
  );
}
