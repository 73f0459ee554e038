import type { Asset } from '@minecloud/contract/amount';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import { useAssetName } from './use-asset-name';

/** "Available balance 1000.00 USDT" under an amount field. */
export function AvailableLine({ asset, available, testId }: { asset: Asset; available: string; testId: string }) {
  const { t } = useTranslation();
  const assetName = useAssetName();
  const money = useMoneyText();
  return (
    <span>
      {t('availableBalance')} <strong data-testid={testId}>{money(available, asset)}</strong> {assetName(asset)}
    </span>
  );
}
