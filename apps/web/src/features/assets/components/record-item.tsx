import type { Asset } from '@minecloud/contract/amount';
import type { AssetRecord } from '@minecloud/contract/asset';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { useMoneyText } from '@/lib/money-text';
import { recordName } from '../lib/record-kinds';
import './record-item.css';

/** One movement: what it was, when, and + or - the amount (truncated, never rounded). */
export function RecordItem({ record, asset }: { record: AssetRecord; asset: Asset }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const sign = record.direction === 'in' ? '+' : '-';
  return (
    <div className="record-item" data-testid={`record-${record.id}`}>
      <div className="record-item__main">
        <span className="record-item__kind" data-testid="record-kind">
          {t(recordName(record.kind, record.direction))}
        </span>
        <time className="record-item__time" dateTime={record.createdAt} data-testid="record-time">
          {formatLocalTime(record.createdAt)}
        </time>
      </div>
      <span className={`record-item__amount record-item__amount--${record.direction}`} data-testid="record-amount">
        {sign}
        {money(record.amount, asset)}
      </span>
    </div>
  );
}
