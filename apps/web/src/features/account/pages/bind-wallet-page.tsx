import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { useSendEmailCode } from '@/api/send-email-code';
import { AddressField } from '@/components/address-field';
import { AddressText } from '@/components/address-text';
import { paths } from '@/config/paths';
import { checkWithdrawAddress } from '@/lib/address-check';
import { checkCode } from '@/lib/binding-checks';
import { errorText } from '@/lib/error-text';
import { useAppNavigate } from '@/lib/navigation';
import type { UserInfo } from '@/lib/session';
import { useBindWallet } from '../api/bind-wallet';
import { BindingForm } from '../components/binding-form';
import { CurrentValue } from '../components/current-value';
import { UserGate } from '../components/user-gate';
import { useBinding } from '../lib/use-binding';
import '@/components/state-block.css';

/** The wallet is confirmed by a code to the bound email: without one, the member binds an email first. */
function BindEmailFirst() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <section className="state-block" data-testid="wallet-needs-email">
      <h2 className="state-block__title">{errorText('bindEmailFirst')}</h2>
      <p className="state-block__text">{t('walletNeedsEmail')}</p>
      <Button
        color="primary"
        onClick={() => {
          go(paths.bindEmail.href());
        }}
        data-testid="wallet-go-bind-email"
      >
        {t('walletGoBindEmail')}
      </Button>
    </section>
  );
}

function BindWalletForm({ user, email }: { user: UserInfo; email: string }) {
  const { t } = useTranslation();
  const chainId = useBasicConfig().data?.chainId;
  const sendCode = useSendEmailCode();
  const binding = useBinding(useBindWallet(), t('walletBound'));
  const { refused } = binding;
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);

  const addressProblem = checkWithdrawAddress(address);
  const codeProblem = checkCode(code);
  const addressError =
    refused.address ??
    (tried && addressProblem
      ? addressProblem === 'invalidAddress'
        ? errorText('invalidAddress')
        : t('walletAddressRequired')
      : null);
  const codeError = refused.code ?? (tried && codeProblem ? t('emailCodeRequired') : null);

  function requestCode(): Promise<boolean> {
    binding.clear();
    return sendCode(email, true);
  }

  function submit() {
    setTried(true);
    if (addressProblem || codeProblem) binding.clear();
    else binding.bind({ address: address.trim(), code: code.trim() });
  }

  return (
    <BindingForm
      current={
        <CurrentValue
          label={t('walletCurrent')}
          value={
            user.withdrawAddress ? <AddressText address={user.withdrawAddress} testId="current-wallet-address" /> : null
          }
          testId="current-wallet"
        />
      }
      note={t('walletNote')}
      submitText={t('walletBindSubmit')}
      pending={binding.pending}
      onSubmit={submit}
      code={{
        id: 'bind-wallet-code',
        value: code,
        onChange: binding.edit(setCode),
        error: codeError,
        send: requestCode,
        meta: <span data-testid="wallet-code-to">{t('walletCodeTo', { email })}</span>,
        testId: 'wallet-code',
      }}
      testIdPrefix="bind-wallet"
    >
      <AddressField
        id="bind-wallet-address"
        label={user.withdrawAddress ? t('walletNewLabel') : t('walletAddressLabel')}
        value={address}
        onChange={binding.edit(setAddress)}
        error={addressError}
        testId="wallet-address-input"
        chainId={chainId}
        previewTestId="wallet-address-preview"
      />
    </BindingForm>
  );
}

/** Wallet binding: the withdrawal address (shortened 6…4), a new one, and the code to the bound email. */
export default function BindWalletPage() {
  return (
    <UserGate>
      {(user) => (user.email ? <BindWalletForm user={user} email={user.email} /> : <BindEmailFirst />)}
    </UserGate>
  );
}
