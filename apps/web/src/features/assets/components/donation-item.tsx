import { formatLocalTime } from '@/lib/format-time';
import { useMoneyText } from '@/lib/money-text';
import type { Donation } from '../api/get-donations';
import { useAssetName } from './use-asset-name';
import './record-item.css';

/** One public donation: who (shortened address), how much, when. */
export function DonationItem({ donation }: { donation: Donation }) {
  const assetName = useAssetName();
  const money = useMoneyText();
  return (
    <div className="record-item" data-testid={`donation-${donation.id}`}>
      <div className="record-item__main">
        <span className="record-item__kind record-item__address" data-testid="donation-address">
          {donation.address}
        </span>
        <time className="record-item__time" dateTime={donation.createdAt} data-testid="donation-time">
          {formatLocalTime(donation.createdAt)}
        </time>
      </div>
      <span className="record-item__amount record-item__amount--in" data-testid="donation-amount">
        {money(donation.amount, donation.asset)} {assetName(donation.asset)}
      </span>
    </div>
  );
}
