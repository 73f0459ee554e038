import type { AddressBook } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import BottomSheetPopup from '@/components/bottom-sheet-popup';
import { SavedAddressList } from './saved-address-list';

export type AddressPickSheetProps = {
  visible: boolean;
  book: AddressBook | undefined;
  onClose: () => void;
  onPick: (address: string) => void;
  onManage: () => void;
};

/** The saved addresses in a sheet: one past its wait is picked with a tap; the way to manage them. */
export default function AddressPickSheet({ visible, book, onClose, onPick, onManage }: AddressPickSheetProps) {
  const { t } = useTranslation();
  return (
    <BottomSheetPopup title={t('addressBookPickTitle')} visible={visible} onClose={onClose} testId="address-pick-sheet">
      <div className="address-book-page">
        {book && (
          <SavedAddressList
            list={book.list}
            onPick={(entry) => {
              onPick(entry.address);
              onClose();
            }}
            testIdPrefix="address-pick"
          />
        )}
        <button
          type="button"
          className="plain-button address-book-link"
          onClick={onManage}
          data-testid="address-pick-manage"
        >
          {t('addressBookManage')} ›
        </button>
      </div>
    </BottomSheetPopup>
  );
}
