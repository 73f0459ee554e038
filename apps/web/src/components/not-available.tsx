import { useTranslation } from 'react-i18next';
import './state-block.css';

/** The empty state of a page whose feature is not built yet. */
export function NotAvailable() {
  const { t } = useTranslation();
  return (
    <section className="state-block" data-testid="not-available">
      <svg className="state-block__art" viewBox="0 0 120 96" aria-hidden="true">
        <rect x="14" y="22" width="92" height="58" rx="10" fill="#13214a" stroke="#19c37d" strokeWidth="2" />
        <path d="M30 64l14-16 12 10 18-22 16 18" fill="none" stroke="#19c37d" strokeWidth="3" strokeLinecap="round" />
        <circle cx="94" cy="24" r="14" fill="#0b1633" stroke="#9aa8c7" strokeWidth="2" />
        <path d="M94 16v9l5 4" fill="none" stroke="#9aa8c7" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <h2 className="state-block__title">{t('notAvailableTitle')}</h2>
      <p className="state-block__text">{t('notAvailableDescription')}</p>
    </section>
  );
}
