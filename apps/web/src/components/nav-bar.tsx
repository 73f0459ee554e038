import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '@/lib/navigation';
import { Icon } from './icons';
import { LiveMarker } from './live-marker';
import './nav-bar.css';

type NavBarProps = {
  title: string | null;
  showBack?: boolean;
  right?: ReactNode;
};

/** The custom 44 px navigation bar every page carries. */
export function NavBar({ title, showBack = true, right }: NavBarProps) {
  const { t } = useTranslation();
  const { back } = useAppNavigate();
  return (
    <header className="nav-bar" data-testid="nav-bar">
      <div className="nav-bar__side">
        {showBack && (
          <button
            type="button"
            className="plain-button nav-bar__back"
            onClick={back}
            aria-label={t('back')}
            data-testid="nav-back"
          >
            <Icon name="back" size={22} />
          </button>
        )}
        {!showBack && <LiveMarker />}
      </div>
      {title ? (
        <h1 className="nav-bar__title" data-testid="nav-title">
          {title}
        </h1>
      ) : (
        <span className="nav-bar__title" />
      )}
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
