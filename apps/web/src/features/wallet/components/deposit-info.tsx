import { shortenAddress } from '@minecloud/contract/address';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { QrCode } from '@/components/qr-code';
import { copyText } from '@/lib/copy';
import type { DepositTerms } from '../lib/deposit-terms';
import { NetworkFacts } from './network-facts';
import './deposit-section.css';

/** Where to pay, which token contracts count, how long it takes, and that only the sign-in wallet counts. */
export function DepositInfo({
  terms,
  signInAddress,
  chainId,
}: {
  terms: DepositTerms;
  signInAddress: string;
  chainId: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="money-card deposit-info" aria-labelledby="deposit-address-title">
      <div className="deposit-info__address">
        <h2 id="deposit-address-title" className="deposit-info__label">
          {t('depositAddressLabel')}
        </h2>
        <p className="deposit-info__value" data-testid="deposit-address">
          {terms.address}
        </p>
        <button
          type="button"
          className="plain-button deposit-info__copy"
          onClick={() => void copyText(terms.address)}
          data-testid="deposit-address-copy"
        >
          <Icon name="copy" size={14} /> {t('depositCopyAddress')}
        </button>
        <div className="deposit-info__qr">
          <QrCode text={terms.address} label={t('depositAddressQr')} testId="deposit-address-qr" />
        </div>
      </div>
      <NetworkFacts chainId={chainId} tokens={terms.tokens} kind="deposit" />
      <ul className="deposit-info__notes">
        <li>{t('depositHowTo')}</li>
        {terms.confirmations !== null && (
          <li data-testid="deposit-confirmations">{t('depositConfirmationsNote', { count: terms.confirmations })}</li>
        )}
        <li className="deposit-info__warning" data-testid="deposit-own-wallet">
          {t('depositOwnWalletNote', { address: shortenAddress(signInAddress) })}
        </li>
      </ul>
    </section>
  );
}
