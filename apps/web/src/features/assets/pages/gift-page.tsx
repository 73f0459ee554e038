import { type Asset, ENTRY_PLACES, enterableUnits, formatAmount } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import { ERROR_CODES } from '@minecloud/contract/error-codes';
import { useTranslation } from 'react-i18next';
import type { AssetBalance } from '@/api/get-balances';
import { useUser } from '@/api/get-user';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { MoneyField } from '@/components/money-field';
import { MoneyForm } from '@/components/money-form';
import { type CheckedAmount, checkAmount, unitsOf } from '@/lib/amount-check';
import { apiErrorText } from '@/lib/api-error-text';
import { useLocale } from '@/lib/locale';
import { useMoneyForm } from '@/lib/money-form';
import { isApiError } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { type GiftReceiver, getGiftReceiver } from '../api/get-gift-receiver';
import { type GiftAnswer, type GiftBody, useSendGift } from '../api/send-gift';
import { AssetPicker } from '../components/asset-picker';
import { AvailableLine } from '../components/available-line';
import { MoneyFormGate } from '../components/money-form-gate';
import { useAssetName } from '../components/use-asset-name';
import { parseAssetList } from '../lib/asset-limits';
import { checkReceiverId, type ReceiverProblem } from '../lib/receiver-check';
import './money-page.css';

const RECEIVER_TEXTS = {
  required: 'giftReceiverRequired',
  invalid: 'giftReceiverInvalid',
  self: 'giftToSelf',
} as const satisfies Record<ReceiverProblem, string>;

/** Where the gift form's messages show: an unknown receiver comes from the lookup, not the call. */
type Slot = 'receiverId' | 'amount';

function GiftForm({ assets, balances }: { assets: [Asset, ...Asset[]]; balances: Record<Asset, AssetBalance> }) {
  const { t } = useTranslation();
  const assetName = useAssetName();
  const locale = useLocale();
  const user = useUser();
  // The unknown receiver's message stays until the ID is edited; the amount or asset leave it.
  const form = useMoneyForm<{ receiverId: string; asset: Asset; amount: string }, GiftBody, GiftAnswer, Slot>({
    initial: { receiverId: '', asset: assets[0], amount: '' },
    mutation: useSendGift(),
    forget: 'own',
  });
  const { receiverId, asset, amount } = form.values;

  const available = balances[asset].available;
  const receiverProblem = checkReceiverId(receiverId, user.data?.id);
  const checked = checkAmount(amount, asset, available);
  const receiverError = form.message('receiverId', receiverProblem && t(RECEIVER_TEXTS[receiverProblem]));
  const amountError = form.amount(checked);

  /** The receiver behind the typed ID; an unknown ID shows next to the field, anything else as a toast. */
  async function findReceiver(id: string): Promise<GiftReceiver | null> {
    try {
      return await getGiftReceiver(id);
    } catch (error) {
      if (isApiError(error) && error.code === ERROR_CODES.receiverNotFound) form.refuse('receiverId', error.msg);
      else showToast(apiErrorText(error));
      return null;
    }
  }

  /** The gift as confirmed: the receiver is looked up first (an unknown one ends the action here). */
  async function giftTo(id: string, amount: Extract<CheckedAmount, { ok: true }>) {
    const receiver = await findReceiver(id);
    if (!receiver) return null;
    const shown = `${exactAmountText(amount.units, asset, locale)} ${assetName(asset)}`;
    return {
      body: { toUserId: receiver.id, asset, amount: amount.amount },
      confirm: (
        <ConfirmSummary
          title={t('giftConfirmTitle')}
          rows={[
            { label: t('giftReceiverLabel'), value: receiver.id, testId: 'gift-confirm-receiver' },
            { label: t('walletAddress'), value: receiver.address, testId: 'gift-confirm-address' },
            { label: t('amountLabel'), value: shown, testId: 'gift-confirm-amount' },
          ]}
          note={t('giftIrreversible')}
        />
      ),
    };
  }

  // The lookup runs inside the action, so a second tap while it is on its way does nothing.
  const submit = () =>
    form.submit(
      !receiverProblem && checked.ok && checked,
      (checked) => giftTo(receiverId.trim(), checked),
      () => {
        showToast(t('giftSuccess'));
        form.reset({ receiverId: '', amount: '' });
      },
    );

  return (
    <MoneyForm
      className="money-page"
      testIdPrefix="gift"
      submitText={t('giftSubmit')}
      busy={form.busy}
      onSubmit={submit}
      footer={<p className="money-note">{t('giftHint')}</p>}
    >
      <div className="money-card">
        <MoneyField
          id="gift-receiver"
          label={t('giftReceiverLabel')}
          {...form.field('receiverId')}
          placeholder={t('giftReceiverRequired')}
          inputMode="numeric"
          error={receiverError}
          testId="gift-receiver-input"
        />
        <AssetPicker label={t('assetLabel')} assets={assets} {...form.field('asset')} testId="gift-asset" />
        <MoneyField
          id="gift-amount"
          label={t('amountLabel')}
          {...form.field('amount')}
          placeholder={t('giftAmountPlaceholder')}
          inputMode="decimal"
          places={ENTRY_PLACES[asset]}
          error={amountError}
          suffix={
            <>
              <span className="money-field__unit">{assetName(asset)}</span>
              <button
                type="button"
                className="plain-button money-field__all"
                onClick={() =>
                  form.set('amount', formatAmount(enterableUnits(unitsOf(available, asset), asset), asset))
                }
                data-testid="gift-amount-all"
              >
                {t('all')}
              </button>
            </>
          }
          meta={<AvailableLine asset={asset} available={available} testId="gift-available" />}
          testId="gift-amount-input"
        />
      </div>
    </MoneyForm>
  );
}

export default function GiftPage() {
  const { t } = useTranslation();
  return (
    <MoneyFormGate testIdPrefix="gift">
      {(config, balances) => {
        const [first, ...rest] = parseAssetList(config.limits.transferAssets);
        if (!first) return <ErrorState message={t('featureUnavailable')} testId="gift-unavailable" />;
        return <GiftForm assets={[first, ...rest]} balances={balances} />;
      }}
    </MoneyFormGate>
  );
}
