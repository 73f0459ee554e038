import { TX_HASH_PATTERN } from '@minecloud/contract/wallet';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyField } from '@/components/money-field';
import { apiErrorText } from '@/lib/api-error-text';
import { errorText } from '@/lib/error-text';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';
import { useSubmitDeposit } from '../api/submit-deposit';
import { DEPOSIT_REASON_NAMES } from './deposit-names';

/** A hash is 66 characters; the box takes a little more, so a paste with spaces around it is not cut. */
const TX_HASH_INPUT_LENGTH = 80;

/** The hash of the member's transfer: checked here, then handed to the server, whose answer shows in place. */
export function DepositForm() {
  const { t } = useTranslation();
  const submit = useMoneyAction(useSubmitDeposit());
  const money = useMoneyText();
  const [txHash, setTxHash] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const trimmed = txHash.trim();
  const problem = !trimmed
    ? t('depositTxHashRequired')
    : TX_HASH_PATTERN.test(trimmed)
      ? null
      : errorText('txHashInvalid');
  const error = refused ?? (tried ? problem : null);

  function send() {
    setTried(true);
    // No confirm: the hash is the member's own transfer. The lock keeps a double tap to one call.
    submit.start(
      () => {
        setRefused(null);
        return !problem && { body: trimmed, confirm: null };
      },
      {
        onSuccess: (deposit) => {
          if (deposit.status === 'rejected') {
            setRefused(deposit.reason ? t(DEPOSIT_REASON_NAMES[deposit.reason]) : t('depositStatusRejected'));
            return;
          }
          if (deposit.status === 'credited' && deposit.asset && deposit.amount) {
            const amount = money(deposit.amount, deposit.asset);
            showToast(t('depositCreditedToast', { amount, asset: deposit.asset }));
          } else {
            showToast(t('depositSubmitted'));
          }
          setTxHash('');
          setTried(false);
        },
        onError: (failure) => setRefused(apiErrorText(failure)),
      },
    );
  }

  return (
    <form
      className="money-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      data-testid="deposit-form"
    >
      <h2 className="wallet-pay__title">{t('depositPasteTitle')}</h2>
      <MoneyField
        id="deposit-tx-hash"
        label={t('txHashLabel')}
        value={txHash}
        onChange={(value) => {
          setTxHash(value);
          setRefused(null);
        }}
        placeholder={t('depositTxHashPlaceholder')}
        inputMode="text"
        maxLength={TX_HASH_INPUT_LENGTH}
        error={error}
        testId="deposit-tx-input"
      />
      <Button type="submit" color="primary" size="large" block loading={submit.busy} data-testid="deposit-submit">
        {t('depositSubmit')}
      </Button>
    </form>
  );
}
