import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { QrCode } from '@/components/qr-code';
import { WalletLinks } from '@/components/wallet-links';
import { isHandheld, type WalletAppId, walletAppLinks } from '../lib/open-in-wallet';
import '@/components/open-in-wallet.css';

type OpenInWalletProps = {
  /** The address the wallet app opens: this app's sign-in page, with the redirect and invite code. */
  url: string;
  chainId: number;
};

/**
 * For a browser with no wallet in it: on a phone, one tap opens this page inside a wallet app's
 * own browser; elsewhere, the chosen wallet's link is a QR code for the phone's camera.
 */
export function OpenInWallet({ url, chainId }: OpenInWalletProps) {
  const { t } = useTranslation();
  const [handheld] = useState(isHandheld);
  const [chosen, setChosen] = useState<WalletAppId>('metamask');
  const links = walletAppLinks(url, chainId);
  const current = links.find((link) => link.id === chosen) ?? links[0];

  return (
    <section className="open-in-wallet" data-testid="open-in-wallet" aria-labelledby="open-in-wallet-heading">
      <h3 className="open-in-wallet__heading" id="open-in-wallet-heading">
        {t('openInWalletHeading')}
      </h3>
      <p className="open-in-wallet__text">{t(handheld ? 'openInWalletText' : 'openInWalletScan')}</p>
      {handheld ? (
        <WalletLinks links={links} testIdPrefix="open-in-" />
      ) : (
        <div className="open-in-wallet__desk">
          <div className="open-in-wallet__grid" role="radiogroup" aria-label={t('openInWalletHeading')}>
            {links.map((link) => (
              // biome-ignore lint/a11y/useSemanticElements: a row of buttons reads better than radio inputs here
              <button
                key={link.id}
                type="button"
                role="radio"
                aria-checked={link.id === current?.id}
                className={`open-in-wallet__choice${link.id === current?.id ? ' is-selected' : ''}`}
                onClick={() => setChosen(link.id)}
                data-testid={`open-in-${link.id}`}
                data-href={link.href}
              >
                <Icon name="wallet" size={20} />
                <span>{link.name}</span>
              </button>
            ))}
          </div>
          {current && (
            <QrCode
              text={current.href}
              label={t('openInWalletQr', { wallet: current.name })}
              testId="open-in-wallet-qr"
            />
          )}
        </div>
      )}
    </section>
  );
}
