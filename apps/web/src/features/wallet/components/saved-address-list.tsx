import type { SavedAddress } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { formatLocalTime } from '@/lib/format-time';
import './address-book.css';

type Props = {
  list: SavedAddress[];
  /** Offered per address: remove it (the address book page) or pick it (the withdraw form). */
  onRemove?: (entry: SavedAddress) => void;
  onPick?: (entry: SavedAddress) => void;
  testIdPrefix: string;
};

/** When a saved address can be paid: now, or from its local time. */
export function UsableTag({ entry }: { entry: SavedAddress }) {
  const { t } = useTranslation();
  return (
    <span className={`saved-address__state${entry.usable ? ' is-usable' : ''}`} data-testid="saved-address-state">
      {entry.usable ? t('addressUsable') : t('addressUsableFrom', { time: formatLocalTime(entry.usableAt) })}
    </span>
  );
}

/** Saved addresses: label, address (6…4, tap to copy), and whether it can be paid yet. */
export function SavedAddressList({ list, onRemove, onPick, testIdPrefix }: Props) {
  const { t } = useTranslation();
  return (
    <ul className="saved-addresses" data-testid={`${testIdPrefix}-list`}>
      {list.map((entry) => (
        <li key={entry.id} className="saved-address" data-testid={`${testIdPrefix}-item`} data-address={entry.address}>
          {onPick ? (
            <button
              type="button"
              className="plain-button saved-address__pick"
              disabled={!entry.usable}
              onClick={() => onPick(entry)}
              data-testid={`${testIdPrefix}-pick`}
            >
              <span className="saved-address__label">{entry.label}</span>
              <span className="saved-address__address">{entry.address}</span>
              <UsableTag entry={entry} />
            </button>
          ) : (
            <div className="saved-address__body">
              <span className="saved-address__label" data-testid="saved-address-label">
                {entry.label}
              </span>
              <AddressText address={entry.address} className="saved-address__short" />
              <UsableTag entry={entry} />
            </div>
          )}
          {onRemove && (
            <button
              type="button"
              className="plain-button saved-address__remove"
              onClick={() => onRemove(entry)}
              aria-label={t('addressRemoveLabelled', { label: entry.label })}
              data-testid={`${testIdPrefix}-remove`}
            >
              {t('addressRemove')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
