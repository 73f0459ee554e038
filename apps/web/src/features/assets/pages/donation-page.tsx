import { type Asset, ENTRY_PLACES } from '@minecloud/contract/amount';
import { exactAmountText } from '@minecloud/contract/decimal';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetBalance } from '@/api/get-balances';
import { ConfirmSummary } from '@/components/confirm-summary';
import { ErrorState } from '@/components/error-state';
import { Icon } from '@/components/icons';
import { MoneyField } from '@/components/money-field';
import { PagedList } from '@/components/paged-list';
import { checkAmount } from '@/lib/amount-check';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { showToast } from '@/lib/toast';
import { useAmountProblemText } from '@/lib/use-amount-problem-text';
import { useDonate } from '../api/donate';
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
  const amountProblemText = useAmountProblemText('donationAmountRequired');
  const locale = useLocale();
  const donate = useMoneyAction(useDonate());
  const [asset, setAsset] = useState<Asset>(assets[0]);
  const [amount, setAmount] = useState('');
  const [tried, setTried] = useState(false);

  const available = balances[asset].available;
  const checked = checkAmount(amount, asset, available);
  const amountError = tried && !checked.ok ? amountProblemText(checked) : null;

  function submit() {
    setTried(true);
    donate.start(
      () =>
        checked.ok && {
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
        },
      {
        onSuccess: () => {
          showToast(t('donationSuccess'));
          setAmount('');
          setTried(false);
        },
      },
    );
  }

  return (
    <form
      className="money-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="donation-form"
    >
      <div className="money-card">
        <AssetPicker
          label={t('assetLabel')}
          assets={assets}
          value={asset}
          onChange={setAsset}
          testId="donation-asset"
        />
        <MoneyField
          id="donation-amount"
          label={t('donationAmountLabel')}
          value={amount}
          onChange={setAmount}
          placeholder={t('donationAmountRequired')}
          inputMode="decimal"
          places={ENTRY_PLACES[asset]}
          error={amountError}
          suffix={<span className="money-field__unit">{assetName(asset)}</span>}
          meta={<AvailableLine asset={asset} available={available} testId="donation-available" />}
          testId="donation-amount-input"
        />
      </div>
      <Button type="submit" color="primary" size="large" block loading={donate.busy} data-testid="donation-submit">
        {t('donationSubmit')}
      </Button>
    </form>
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
