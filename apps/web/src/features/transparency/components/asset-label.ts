import type { Asset } from '@minecloud/contract/amount';
import { truncateDecimals } from '@minecloud/contract/amount';
import { useTranslation } from 'react-i18next';
import { displayPlaces } from '@/lib/display-places';

/** Gold coins are named in the reader's language; USDT and BTC keep their codes. */
export function useAssetLabel(): (asset: Asset) => string {
  const { t } = useTranslation();
  return (asset) => (asset === 'GOLD' ? t('balanceGold') : asset);
}

/** An amount as the app shows it (truncated, never rounded), with its asset's name. */
export function useAmountText(): (amount: string, asset: Asset) => string {
  const label = useAssetLabel();
  return (amount, asset) => `${truncateDecimals(amount, displayPlaces(asset))} ${label(asset)}`;
}
