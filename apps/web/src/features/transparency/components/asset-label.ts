import type { Asset } from '@minecloud/contract/amount';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/locale';
import { groupDecimal, useMoneyText } from '@/lib/money-text';

/** Gold coins are named in the reader's language; USDT and BTC keep their codes. */
export function useAssetLabel(): (asset: Asset) => string {
  const { t } = useTranslation();
  return (asset) => (asset === 'GOLD' ? t('balanceGold') : asset);
}

/** An amount as the app shows it (truncated, never rounded, grouped), with its asset's name. */
export function useAmountText(): (amount: string, asset: Asset) => string {
  const label = useAssetLabel();
  const money = useMoneyText();
  return (amount, asset) => `${money(amount, asset)} ${label(asset)}`;
}

/**
 * An exact published figure (a total, a proof's balance) with every decimal it has, grouped for
 * reading: a check compares it digit by digit, so it is never truncated.
 */
export function useExactText(): (decimal: string) => string {
  const locale = useLocale();
  return (decimal) => groupDecimal(decimal, locale);
}
