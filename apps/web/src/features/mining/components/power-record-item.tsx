import type { PowerRecord } from '@minecloud/contract/miner';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { hashRateText } from '@/lib/hash-rate-text';
import { powerKindName } from '../lib/power-kinds';
import './power-record-item.css';

/** One change of the member's hash rate: what it was, when it was released, and + in or − out. */
export function PowerRecordItem({ record }: { record: PowerRecord }) {
  const { t } = useTranslation();
  const sign = record.direction === 'in' ? '+' : '−';
  return (
    <div className="power-record" data-testid={`power-record-${record.id}`}>
      <div className="power-record__main">
        <span className="power-record__kind" data-testid="power-record-kind">
          {t(powerKindName(record.kind))}
        </span>
        <span className="power-record__time">
          {t('powerReleaseAt')}{' '}
          <time dateTime={record.releaseAt} data-testid="power-record-time">
            {formatLocalTime(record.releaseAt)}
          </time>
        </span>
      </div>
      <span
        className={`power-record__quantity power-record__quantity--${record.direction}`}
        data-testid="power-record-quantity"
      >
        {sign}
        {hashRateText(record.quantity)} <small>TH/s</small>
      </span>
    </div>
  );
}
