import { type Asset, ENTRY_PLACES } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import { useTranslation } from 'react-i18next';
import type { AssetBalance } from '@/api/get-balances';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { Icon } from '@/components/icons';
import { MoneyField } from '@/components/money-field';
import { MoneyForm } from '@/components/money-form';
import { PagedList } from '@/components/paged-list';
import { checkAmount } from '@/lib/amount-check';
import { useLocale } from '@/lib/locale';
import { useMoneyForm } from '@/lib/money-form';
import { showToast } from '@/lib/toast';
import { type DonateAnswer, type DonateBody, useDonate } from '../api/donate';
import { useDonations } from '../api/get-donations';
import { AssetPicker } from '../components/asset-picker';
import { AvailableLine } from '../components/available-line';
import { DonationItem } from '../components/donation-item';
import { MoneyFormGate } from '../components/money-form-gate';
import { useAssetName } from '../components/use-asset-name';
import { parseAssetList } from '../lib/asset-limits';
import './money-page.css';
import './donation-page.css';

function DonationForm({ assets, balances }: { assets: [Asset, ...Asset[]]; balances: Record<Asset, AssetBalance> }) {
  const { t } = useTranslation();
  const assetName = useAssetName();
  const locale = useLocale();
  const form = useMoneyForm<{ asset: Asset; amount: string }, DonateBody, DonateAnswer, 'amount'>({
    initial: { asset: assets[0], amount: '' },
    mutation: useDonate(),
    amountRequired: 'donationAmountRequired',
  });
  const { asset, amount } = form.values;

  const available = balances[asset].available;
  const checked = checkAmount(amount, asset, available);
  const amountError = form.amount(checked);

  const submit = () =>
    form.submit(
      checked.ok && checked,
      (checked) => ({
        body: { asset, amount: checked.amount },
        confirm: (
          <ConfirmSummary
            title={t('donationConfirmTitle')}
            rows={[
              {
                label: t('amountLabel'),
                value: `${exactAmountText(checked.units, asset, locale)} ${assetName(asset)}`,
                testId: 'donation-confirm-amount',
              },
            ]}
            note={t('donationPublicNote')}
          />
        ),
      }),
      () => {
        showToast(t('donationSuccess'));
        form.reset({ amount: '' });
      },
    );

  return (
    <MoneyForm
      className="money-page"
      testIdPrefix="donation"
      submitText={t('donationSubmit')}
      busy={form.busy}
      onSubmit={submit}
    >
      <div className="money-card">
        <AssetPicker label={t('assetLabel')} assets={assets} {...form.field('asset')} testId="donation-asset" />
        <MoneyField
          id="donation-amount"
          label={t('donationAmountLabel')}
          {...form.field('amount')}
          placeholder={t('donationAmountRequired')}
          inputMode="decimal"
          places={ENTRY_PLACES[asset]}
          error={amountError}
          suffix={<span className="money-field__unit">{assetName(asset)}</span>}
          meta={<AvailableLine asset={asset} available={available} testId="donation-available" />}
          testId="donation-amount-input"
        />
      </div>
    </MoneyForm>
  );
}

function DonationList() {
  const { t } = useTranslation();
  const donations = useDonations();
  return (
    <section className="donation-list" aria-labelledby="donation-list-title">
      <h2 id="donation-list-title" className="money-page__section-title">
        {t('donationListTitle')}
      </h2>
      <PagedList
        query={donations}
        itemKey={(donation) => donation.id}
        renderItem={(donation) => <DonationItem donation={donation} />}
        label={t('donationListTitle')}
        emptyText={t('donationListEmpty')}
        failedText={t('donationListFailed')}
        testId="donations"
      />
    </section>
  );
}

function DonationFormArea() {
  const { t } = useTranslation();
  return (
    <MoneyFormGate testIdPrefix="donation">
      {(config, balances) => {
        const [first, ...rest] = parseAssetList(config.limits.donationAssets);
        if (!first) return <ErrorState message={t('featureUnavailable')} testId="donation-unavailable" />;
        return <DonationForm assets={[first, ...rest]} balances={balances} />;
      }}
    </MoneyFormGate>
  );
}

export default function DonationPage() {
  const { t } = useTranslation();
  return (
    <div className="donation-page">
      <header className="donation-page__hero">
        <span className="donation-page__mark">
          <Icon name="heart" size={26} />
        </span>
        <p className="donation-page__intro">{t('donationIntro')}</p>
      </header>
      <DonationFormArea />
      <DonationList />
    </div>
  );
}
