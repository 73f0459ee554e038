import { exactAmountText } from '@minecloud/contract/decimal';
import type { WithdrawAsset } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/locale';
import type { WithdrawTerms } from '../lib/withdraw-amount';
import './withdraw-form.css';

type Props = { asset: WithdrawAsset; terms: WithdrawTerms; received: bigint | null; typed: boolean };

/** Before any confirm: the fee taken from the amount, the minimum, and what the address receives. */
export function WithdrawTermsList({ asset, terms, received, typed }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const receivedText = received !== null ? exactAmountText(received, asset, locale) : typed ? '--' : '0.00';
  return (
    <dl className="withdraw-terms">
      <div>
        <dt>{t('withdrawFee')}</dt>
        <dd>
          <span data-testid="withdraw-fee">{exactAmountText(terms.fee, asset, locale)}</span> {asset}
        </dd>
      </div>
      <div>
        <dt>{t('withdrawMinimum')}</dt>
        <dd>
          <span data-testid="withdraw-min">{exactAmountText(terms.min, asset, locale)}</span> {asset}
        </dd>
      </div>
      <div className="withdraw-terms__received">
        <dt>{t('withdrawReceive')}</dt>
        <dd>
          <span data-testid="withdraw-received">{receivedText}</span> {asset}
        </dd>
      </div>
    </dl>
  );
}
