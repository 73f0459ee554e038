import type { AddressBook } from '@minecloud/contract/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useAppNavigate } from '@/lib/navigation';
import './address-book.css';

/** The sheet and its list load on the first open (or when the page is idle), not with the form. */
const AddressPickSheet = lazyOverlay(() => import('./address-pick-sheet'));

type Props = {
  /** Undefined while it loads (or if it failed): the button still opens the page that manages it. */
  book: AddressBook | undefined;
  onPick: (address: string) => void;
};

/**
 * Under the withdraw form's address: the address book in a sheet (a saved address past its wait
 * fills the field with a tap), the way to manage it, and, while new addresses wait, the rule.
 */
export function AddressBookPicker({ book, onPick }: Props) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const [open, setOpen] = useState(false);
  const manage = () => {
    setOpen(false);
    go(paths.addressBook.href());
  };
  return (
    <>
      {book && book.waitHours > 0 && (
        <p className="money-note" data-testid="withdraw-only-saved">
          {t('addressBookOnlySaved', { hours: book.waitHours })}
        </p>
      )}
      <button
        type="button"
        className="plain-button address-book-link"
        onClick={() => (book?.list.length ? setOpen(true) : manage())}
        data-testid="withdraw-address-book"
      >
        {t('addressBookPick')} ›
      </button>
      <AddressPickSheet visible={open} book={book} onClose={() => setOpen(false)} onPick={onPick} onManage={manage} />
    </>
  );
}
