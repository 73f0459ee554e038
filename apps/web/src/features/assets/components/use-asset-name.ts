import type { Asset } from '@minecloud/contract/amount';
import { useTranslation } from 'react-i18next';

/** Gold coins are named in the member's language; USDT and BTC keep their codes. */
export function useAssetName(): (asset: Asset) => string {
  const { t } = useTranslation();
  return (asset) => (asset === 'GOLD' ? t('balanceGold') : asset);
}
