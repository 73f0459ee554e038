import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIosSafari, isStandalone } from '@/lib/platform';
import { promptInstall, useInstallPrompt } from './install-prompt';
import './install-card.css';

/** Where the member's "don't show again" is kept, on this device. */
export const INSTALL_DISMISSED_KEY = 'minecloud.install.dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The home page's offer to install the app: the browser's own install dialog where it offers one
 * (`beforeinstallprompt`, pwa/install-prompt.ts), and on iOS Safari, which has none, how to add it
 * to the home screen. Never in the installed app, and never again once dismissed on this device.
 */
export function InstallCard() {
  const { t } = useTranslation();
  const offer = useInstallPrompt();
  // Decided after the first render: the build's static shell renders this page without a browser.
  const [where, setWhere] = useState<{ hidden: boolean; ios: boolean }>({ hidden: true, ios: false });
  useEffect(() => {
    setWhere({ hidden: dismissedBefore() || isStandalone(), ios: isIosSafari() });
  }, []);
  if (where.hidden || (!offer && !where.ios)) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setWhere((w) => ({ ...w, hidden: true }));
  };
  return (
    <section className="install-card" data-testid="install-card" data-kind={offer ? 'prompt' : 'ios'}>
      <h3 className="install-card__title">{t('installTitle')}</h3>
      <p className="install-card__text">{offer ? t('installBody') : t('installIosHint')}</p>
      <div className="install-card__actions">
        <Button size="small" fill="none" onClick={dismiss} data-testid="install-dismiss">
          {t('installDismiss')}
        </Button>
        {offer && (
          <Button
            size="small"
            color="primary"
            onClick={() => void promptInstall(offer).catch(() => undefined)}
            data-testid="install-action"
          >
            {t('installAction')}
          </Button>
        )}
      </div>
    </section>
  );
}
