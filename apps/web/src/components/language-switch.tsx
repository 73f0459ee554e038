import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@/i18n/languages';
import { useSession } from '@/lib/session';
import { Icon } from './icons';
import './language-switch.css';

// The sheet (and its animation code) is fetched on the first tap.
const LanguagePopup = lazy(() => import('./language-popup'));

/** The language button of the home tab: opens the list of the five languages. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useSession((state) => state.localType);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="plain-button language-switch"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        // The name holds what the button shows (WCAG 2.5.3, label in name): "Language English".
        aria-label={`${t('languageSwitchLabel')} ${LANGUAGE_NAMES[current]}`}
        aria-haspopup="dialog"
        data-testid="language-switch"
      >
        <Icon name="globe" size={18} />
        <span>{LANGUAGE_NAMES[current]}</span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <LanguagePopup visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
