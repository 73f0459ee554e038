import { shortenAddress } from '@minecloud/contract/address';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { Icon } from '@/components/icons';
import { copyText } from '@/lib/copy';
import type { DepositTerms } from '../lib/deposit-terms';
import './deposit-section.css';

/** Where to pay, which token contracts count, how long it takes, and that only the sign-in wallet counts. */
export function DepositInfo({ terms, signInAddress }: { terms: DepositTerms; signInAddress: string }) {
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
      </div>
      {terms.tokens.length > 0 && (
        <div>
          <h3 className="deposit-info__label">{t('depositTokensLabel')}</h3>
          <ul className="deposit-info__tokens">
            {terms.tokens.map((token) => (
              <li key={token.asset}>
                <span>{token.asset}</span>
                <AddressText
                  address={token.contract}
                  className="deposit-item__hash"
                  testId={`deposit-token-${token.asset}`}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="deposit-info__notes">
        <li>{t('depositHowTo')}</li>
        {terms.confirmations !== null && (
          <li data-testid="deposit-confirmations">{t('depositConfirmationsNote', { n: terms.confirmations })}</li>
        )}
        <li className="deposit-info__warning" data-testid="deposit-own-wallet">
          {t('depositOwnWalletNote', { address: shortenAddress(signInAddress) })}
        </li>
      </ul>
    </section>
  );
}
