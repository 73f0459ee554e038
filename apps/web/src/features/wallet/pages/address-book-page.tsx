import { ADDRESS_LABEL_MAX, type SavedAddress } from '@minecloud/contract/wallet';
import { Button, Skeleton } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { useUser } from '@/api/get-user';
import { useSendEmailCode } from '@/api/send-email-code';
import { AddressField } from '@/components/address-field';
import { CodeField } from '@/components/code-field';
import { ErrorState } from '@/components/error-state';
import { MoneyField } from '@/components/money-field';
import { apiErrorText } from '@/lib/api-error-text';
import { confirmDialog } from '@/lib/dialog';
import { errorText } from '@/lib/error-text';
import { useMoneyAction } from '@/lib/money-action';
import { showToast } from '@/lib/toast';
import { useAddressBook, useRemoveAddress, useSaveAddress } from '../api/address-book';
import { BindEmailFirst } from '../components/bind-email-first';
import { SavedAddressList } from '../components/saved-address-list';
import { useAddressCodeErrors } from '../lib/address-code-errors';
import { type SaveAddressField, saveAddressRefusalField } from '../lib/address-refusals';
import '../components/address-book.css';
import '@/components/money-field.css';

function AddAddressForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const chainId = useBasicConfig().data?.chainId;
  const sendCode = useSendEmailCode();
  const save = useMoneyAction(useSaveAddress());
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<SaveAddressField, string>>>({});

  const labelProblem = label.trim() === '';
  const { addressProblem, codeProblem, addressError, codeError } = useAddressCodeErrors(address, code, tried, refused);
  const labelError = refused.label ?? (tried && labelProblem ? errorText('addressLabelRequired') : null);
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setRefused({});
  };

  function submit() {
    setTried(true);
    save.start(
      () => {
        setRefused({});
        if (labelProblem || addressProblem || codeProblem) return null;
        return { body: { label: label.trim(), address: address.trim(), emailCode: code.trim() }, confirm: null };
      },
      {
        onSuccess: () => {
          showToast(t('addressBookSaved'));
          setLabel('');
          setAddress('');
          setCode('');
          setTried(false);
        },
        onError: (error) => setRefused({ [saveAddressRefusalField(error)]: apiErrorText(error) }),
      },
    );
  }

  return (
    <form
      className="money-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="address-add-form"
    >
      <h2 className="address-book-page__title">{t('addressBookAddTitle')}</h2>
      <MoneyField
        id="address-label"
        label={t('addressLabelLabel')}
        value={label}
        onChange={edit(setLabel)}
        placeholder={t('addressLabelPlaceholder')}
        inputMode="text"
        maxLength={ADDRESS_LABEL_MAX}
        error={labelError}
        testId="address-label-input"
      />
      <AddressField
        id="address-add-address"
        label={t('walletAddressLabel')}
        value={address}
        onChange={edit(setAddress)}
        error={addressError}
        testId="address-add-input"
        chainId={chainId}
        previewTestId="address-add-preview"
      />
      <CodeField
        id="address-add-code"
        value={code}
        onChange={edit(setCode)}
        error={codeError}
        send={() => sendCode(email, true)}
        meta={<span>{t('walletCodeTo', { email })}</span>}
        testId="address-add-code"
      />
      {refused.form && (
        <p className="withdraw-form__error" role="alert" data-testid="address-add-error">
          {refused.form}
        </p>
      )}
      <Button type="submit" color="primary" size="large" block loading={save.busy} data-testid="address-add-submit">
        {t('addressBookSave')}
      </Button>
    </form>
  );
}

/**
 * The address book: saved withdrawal addresses with their label and wait, removal with a confirm,
 * and a new address confirmed by the email code (and announced by mail by the server).
 */
export default function AddressBookPage() {
  const { t } = useTranslation();
  const book = useAddressBook();
  const user = useUser();
  const remove = useRemoveAddress();

  async function askRemove(entry: SavedAddress) {
    const hours = book.data?.waitHours ?? 0;
    const wait = hours > 0 ? t('addressRemoveWait', { hours }) : '';
    const confirmed = await confirmDialog({
      content: <p>{t('addressRemoveConfirm', { label: entry.label, wait })}</p>,
      confirmText: t('addressRemove'),
      cancelText: t('cancel'),
    });
    if (!confirmed || remove.isPending) return;
    remove.mutate(entry.id, { onSuccess: () => showToast(t('addressRemoved')) });
  }

  let saved: ReactNode;
  if (book.data) {
    saved = book.data.list.length ? (
      <SavedAddressList list={book.data.list} onRemove={(entry) => void askRemove(entry)} testIdPrefix="address-book" />
    ) : (
      <p className="address-book-empty" data-testid="address-book-empty">
        {t('addressBookEmpty')}
      </p>
    );
  } else if (book.isError) {
    saved = (
      <ErrorState
        message={t('addressBookLoadFailed')}
        onRetry={() => void book.refetch()}
        testId="address-book-error"
      />
    );
  } else {
    saved = <Skeleton.Paragraph lineCount={3} animated data-testid="address-book-loading" />;
  }

  const hours = book.data?.waitHours ?? 0;
  return (
    <div className="address-book-page">
      {book.data && (
        <p className="money-note" data-testid="address-book-note">
          {hours > 0 ? t('addressBookNoteWait', { hours }) : t('addressBookNoteFree')}
        </p>
      )}
      <section className="money-card" aria-label={t('titleAddressBook')}>
        {saved}
      </section>
      {user.data &&
        (user.data.email ? (
          <AddAddressForm email={user.data.email} />
        ) : (
          <div className="money-card">
            <BindEmailFirst />
          </div>
        ))}
    </div>
  );
}
