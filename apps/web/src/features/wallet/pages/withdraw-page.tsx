import { ENTRY_PLACES } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import { WITHDRAW_ASSETS, type WithdrawAsset, walletLimitKey } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AssetBalance } from '@/api/get-balances';
import { useSendEmailCode } from '@/api/send-email-code';
import { AddressField } from '@/components/address-field';
import { CodeField } from '@/components/code-field';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { MoneyField } from '@/components/money-field';
import { MoneyForm } from '@/components/money-form';
import { TabSwitch } from '@/components/tab-switch';
import { paths } from '@/config/paths';
import { unitsOf } from '@/lib/amount-check';
import { errorText } from '@/lib/error-text';
import { useLocale } from '@/lib/locale';
import { useMoneyForm } from '@/lib/money-form';
import { useMoneyText } from '@/lib/money-text';
import { useAppNavigate } from '@/lib/navigation';
import type { UserInfo } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { useAddressBook } from '../api/address-book';
import { useWithdraw, type WithdrawAnswer, type WithdrawCall } from '../api/withdraw';
import { AddressBookPicker } from '../components/address-book-picker';
import { BindEmailFirst } from '../components/bind-email-first';
import { NetworkFacts } from '../components/network-facts';
import { QuickAmounts } from '../components/quick-amounts';
import { WalletGate } from '../components/wallet-gate';
import { WithdrawTermsList } from '../components/withdraw-terms-list';
import { useAddressCodeErrors } from '../lib/address-code-errors';
import {
  type CheckedWithdrawAmount,
  checkWithdrawAmount,
  quickAmountText,
  receivedPreview,
  type WithdrawTerms,
  withdrawTerms,
} from '../lib/withdraw-amount';
import { WITHDRAW_REFUSALS, type WithdrawField } from '../lib/withdraw-refusals';
import '../components/withdraw-form.css';
import { withdrawAssetFrom } from '../lib/withdraw-asset';

type FormProps = {
  asset: WithdrawAsset;
  terms: WithdrawTerms;
  balance: AssetBalance;
  user: UserInfo;
  /** The chain, and the platform's own addresses a withdrawal may not go to (deposit address, tokens). */
  network: { chainId: number; token: string | null; platform: string[] };
};

/** The withdraw form's own amount reasons: the minimum and the fee (the amount rule words the rest). */
function useOwnAmountText(asset: WithdrawAsset, terms: WithdrawTerms) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (checked: CheckedWithdrawAmount & { ok: false }): string | null => {
    switch (checked.reason) {
      case 'belowMinimum':
        return errorText('withdrawBelowMinimum', { min: exactAmountText(terms.min, asset, locale), asset });
      case 'notAboveFee':
        return t('withdrawBelowFee', { fee: exactAmountText(terms.fee, asset, locale), asset });
      default:
        return null;
    }
  };
}

type Values = { amounts: Record<WithdrawAsset, string>; address: string; code: string };

function WithdrawForm({ asset, terms, balance, user, network }: FormProps) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const ownAmountText = useOwnAmountText(asset, terms);
  const locale = useLocale();
  const money = useMoneyText();
  const sendCode = useSendEmailCode();
  const book = useAddressBook();
  // Each asset keeps its own amount; the address and the code are the same for both. The server's
  // refusals hold for the asset they were about, and any edit forgets them (about the old values).
  const form = useMoneyForm<Values, WithdrawCall, WithdrawAnswer, WithdrawField>({
    initial: () => ({ amounts: { USDT: '', BTC: '' }, address: user.withdrawAddress ?? '', code: '' }),
    mutation: useWithdraw(),
    refusals: WITHDRAW_REFUSALS,
    scope: asset,
  });
  const { amounts, address, code } = form.values;
  const refused = form.refused;
  const amount = amounts[asset];
  const setAmount = (value: string) => form.set('amounts', { ...amounts, [asset]: value });

  const available = unitsOf(balance.available, asset);
  const email = refused.email ? null : user.email;
  const checked = checkWithdrawAmount(amount, asset, available, terms);
  const { addressProblem, codeProblem, addressError, codeError } = useAddressCodeErrors(
    address,
    code,
    form.tried,
    refused,
    network.platform,
  );
  const amountError = form.amount(checked, ownAmountText);

  const submit = () =>
    form.submit(
      Boolean(email) && !addressProblem && !codeProblem && checked.ok && checked,
      (checked) => {
        const body = { amount: checked.amount, address: address.trim(), emailCode: code.trim() };
        return {
          body: { asset, body },
          confirm: (
            <ConfirmSummary
              title={t('withdrawConfirmTitle')}
              rows={[
                {
                  label: t('withdrawAmountLabel'),
                  value: `${exactAmountText(checked.units, asset, locale)} ${asset}`,
                  testId: 'withdraw-confirm-amount',
                },
                {
                  label: t('withdrawFee'),
                  value: `${exactAmountText(terms.fee, asset, locale)} ${asset}`,
                  testId: 'withdraw-confirm-fee',
                },
                {
                  label: t('withdrawReceive'),
                  value: `${exactAmountText(checked.received, asset, locale)} ${asset}`,
                  testId: 'withdraw-confirm-received',
                },
                {
                  label: t('walletAddressLabel'),
                  value: <span className="address-preview">{body.address}</span>,
                  testId: 'withdraw-confirm-address',
                },
              ]}
              note={t('withdrawConfirmNote')}
            />
          ),
        };
      },
      () => {
        showToast(t('withdrawSubmitted'));
        go(paths.withdrawRecord.href({ asset }), { replace: true });
      },
    );

  return (
    <MoneyForm
      className="withdraw-form"
      testIdPrefix="withdraw"
      submitText={t('withdrawSubmit')}
      busy={form.busy}
      onSubmit={submit}
    >
      <div className="money-card">
        <MoneyField
          id="withdraw-amount"
          label={t('withdrawAmountLabel')}
          value={amount}
          onChange={setAmount}
          placeholder={t('withdrawAmountPlaceholder')}
          inputMode="decimal"
          places={ENTRY_PLACES[asset]}
          error={amountError}
          suffix={<span className="money-field__unit">{asset}</span>}
          meta={
            <span>
              {t('availableBalance')}{' '}
              <strong data-testid="withdraw-available">{money(balance.available, asset)}</strong> {asset}
            </span>
          }
          testId="withdraw-amount-input"
        />
        <QuickAmounts
          onPick={(percent) => setAmount(quickAmountText(available, percent, asset))}
          testIdPrefix="withdraw-quick"
        />
        <WithdrawTermsList
          asset={asset}
          terms={terms}
          received={receivedPreview(amount, asset, terms.fee)}
          typed={amount.trim() !== ''}
        />
        <NetworkFacts
          chainId={network.chainId}
          tokens={network.token ? [{ asset, contract: network.token }] : []}
          kind="withdraw"
        />
        <AddressField
          id="withdraw-address"
          label={t('walletAddressLabel')}
          {...form.field('address')}
          error={addressError}
          testId="withdraw-address-input"
          chainId={network.chainId}
          previewTestId="withdraw-address-preview"
        />
        <AddressBookPicker book={book.data} onPick={(value) => form.set('address', value)} />
        {email ? (
          <CodeField
            id="withdraw-code"
            {...form.field('code')}
            error={codeError}
            send={() => sendCode(email, true)}
            meta={<span data-testid="withdraw-code-to">{t('walletCodeTo', { email })}</span>}
            testId="withdraw-code"
          />
        ) : (
          <BindEmailFirst />
        )}
        <p className="money-note">{t('withdrawNote')}</p>
      </div>
      {refused.form && (
        <p className="withdraw-form__error" role="alert" data-testid="withdraw-error">
          {refused.form}
        </p>
      )}
    </MoneyForm>
  );
}

/** Withdraw USDT or BTC (`?asset=`): amount with quick-select, fee and what arrives, address, email code. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const [params, setParams] = useSearchParams();
  const asset: WithdrawAsset = withdrawAssetFrom(params.get('asset'));
  return (
    <div className="withdraw-page">
      <TabSwitch
        options={WITHDRAW_ASSETS.map((value) => ({ value, label: value }))}
        value={asset}
        onChange={(value) => setParams({ asset: value }, { replace: true })}
        label={t('withdrawAsset')}
        testIdPrefix="withdraw-asset"
      />
      <WalletGate testIdPrefix="withdraw">
        {({ config, balances, user }) => {
          const terms = withdrawTerms(config.limits, asset);
          if (!terms) return <ErrorState message={t('featureUnavailable')} testId="withdraw-unavailable" />;
          const network = {
            chainId: config.chainId,
            token: config.limits[walletLimitKey.token(asset)]?.trim() || null,
            platform: [
              config.limits[walletLimitKey.depositAddress],
              ...WITHDRAW_ASSETS.map((each) => config.limits[walletLimitKey.token(each)]),
            ].filter((address): address is string => Boolean(address?.trim())),
          };
          return <WithdrawForm asset={asset} terms={terms} balance={balances[asset]} user={user} network={network} />;
        }}
      </WalletGate>
      <button
        type="button"
        className="plain-button withdraw-page__history"
        onClick={() => go(paths.withdrawRecord.href({ asset }))}
        data-testid="withdraw-history-link"
      >
        {t('titleWithdrawalHistory')} ›
      </button>
    </div>
  );
}
