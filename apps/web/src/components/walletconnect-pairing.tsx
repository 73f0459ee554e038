import { useTranslation } from 'react-i18next';
import { QrCode } from '@/components/qr-code';
import { walletConnectAppLinks } from '@/lib/walletconnect-apps';
import { WalletLinks } from './wallet-links';
import './open-in-wallet.css';

type WalletConnectPairingProps = {
  /** The pairing URI once the client has one; null while it connects to the relay. */
  uri: string | null;
  onCancel: () => void;
};

/**
 * Waiting for a wallet app to approve the WalletConnect pairing: its QR code (for a wallet on another
 * device), the common wallet apps' own links (on a phone, a wallet app opens from its link, not from a
 * raw `wc:` one), the raw link for any other wallet, and a way out.
 */
export function WalletConnectPairing({ uri, onCancel }: WalletConnectPairingProps) {
  const { t } = useTranslation();
  return (
    <section
      className="open-in-wallet"
      data-testid="walletconnect-pairing"
      aria-labelledby="walletconnect-heading"
      aria-busy={!uri}
    >
      <h3 className="open-in-wallet__heading" id="walletconnect-heading">
        {t('walletConnectHeading', { name: 'WalletConnect' })}
      </h3>
      <p className="open-in-wallet__text">{t(uri ? 'walletConnectScan' : 'walletConnectConnecting')}</p>
      <div className="open-in-wallet__desk">
        {uri && <QrCode text={uri} label={t('walletConnectQr', { name: 'WalletConnect' })} testId="walletconnect-qr" />}
        {uri && (
          <nav className="open-in-wallet__apps" aria-label={t('walletConnectApps')} data-testid="walletconnect-apps">
            <p className="open-in-wallet__text">{t('walletConnectApps')}</p>
            <WalletLinks links={walletConnectAppLinks(uri)} testIdPrefix="walletconnect-app-" />
          </nav>
        )}
        <div className="open-in-wallet__grid">
          {uri ? (
            <a className="open-in-wallet__choice" href={uri} data-testid="walletconnect-open">
              {t('walletConnectOpen')}
            </a>
          ) : (
            <span />
          )}
          <button
            type="button"
            className="open-in-wallet__choice"
            onClick={onCancel}
            data-testid="walletconnect-cancel"
          >
            {t('cancel')}
          </button>
        </div>
      </div>
    </section>
  );
}
