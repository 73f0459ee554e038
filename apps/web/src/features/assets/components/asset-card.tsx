import { type Asset, shownParts } from '@minecloud/contract/amount';
import { useTranslation } from 'react-i18next';
import { useClaimEarnings } from '@/api/claim-earnings';
import type { AssetBalance } from '@/api/get-balances';
import { ClaimButton } from '@/components/claim-button';
import { Icon } from '@/components/icons';
import { unitsOf } from '@/lib/amount-check';
import { useMoneyText } from '@/lib/money-text';
import { AssetBadge } from './asset-badge';
import { useAssetName } from './use-asset-name';
import { WithdrawActions } from './withdraw-actions';
import './asset-card.css';

type AssetCardProps = {
  balance: AssetBalance;
  /** Everything ever earned (USDT and BTC); null while it loads (its row is kept, with a dash). */
  totalEarned?: string | null;
  onDetails: () => void;
  /** Opens the proof of liabilities, to check this balance is in the published total. */
  onVerify: () => void;
};

/**
 * One asset of the member: available and locked beside their sum, the balance (each shown truncated,
 * the sum of what is shown, so the card adds up), claimable earnings, and the way to its records.
 */
export function AssetCard({ balance, totalEarned, onDetails, onVerify }: AssetCardProps) {
  const { t } = useTranslation();
  const assetName = useAssetName();
  const { asset } = balance;
  const money = useMoneyText();
  const claim = useClaimEarnings();
  const show = (value: string) => money(value, asset);
  const {
    parts: [available = '0', locked = '0'],
    total,
  } = shownParts([balance.available, balance.locked], asset);
  return (
    <section className="asset-card" aria-labelledby={`asset-card-${asset}-title`} data-testid={`asset-card-${asset}`}>
      <header className="asset-card__head">
        <AssetBadge asset={asset} />
        <h2 id={`asset-card-${asset}-title`} className="asset-card__name">
          {assetName(asset)}
        </h2>
        <button
          type="button"
          className="plain-button asset-card__details"
          onClick={onDetails}
          data-testid={`asset-details-link-${asset}`}
        >
          {t('assetRecordsLink')} ›
        </button>
      </header>
      <p className="asset-card__label">{t('available')}</p>
      <p className="asset-card__available" data-testid={`asset-available-${asset}`}>
        {show(available)}
      </p>
      <dl className="asset-card__figures">
        <div>
          <dt>{t('locked')}</dt>
          <dd data-testid={`asset-locked-${asset}`}>{show(locked)}</dd>
        </div>
        <div>
          <dt>{t('balanceTotal')}</dt>
          <dd data-testid={`asset-total-${asset}`}>{show(total)}</dd>
        </div>
        <div>
          <dt>{t('earningsClaimable')}</dt>
          <dd data-testid={`asset-earnings-${asset}`}>{show(balance.earnings)}</dd>
        </div>
        {totalEarned !== undefined && (
          <div>
            <dt>{t('earningsTotal')}</dt>
            <dd data-testid={`asset-earned-${asset}`}>{totalEarned === null ? '--' : show(totalEarned)}</dd>
          </div>
        )}
      </dl>
      <button
        type="button"
        className="plain-button asset-card__verify"
        onClick={onVerify}
        data-testid={`asset-verify-link-${asset}`}
      >
        <Icon name="shield" size={14} />
        {t('transparencyVerifyMyBalance')} ›
      </button>
      {isClaimable(asset) && (
        <div className="asset-card__claim">
          <WithdrawActions asset={asset} testIdPrefix={`asset-${asset}`} />
          <ClaimButton asset={asset} claim={claim} claimable={unitsOf(balance.earnings, asset)} />
        </div>
      )}
    </section>
  );
}

/** USDT and BTC earn, and leave the platform by withdrawal; gold coins do neither. */
function isClaimable(asset: Asset): asset is 'USDT' | 'BTC' {
  return asset === 'USDT' || asset === 'BTC';
}
