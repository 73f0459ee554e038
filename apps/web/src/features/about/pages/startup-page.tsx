import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AppMark } from '../components/app-mark';
import './startup-page.css';

/** How long the splash shows before home opens by itself. */
export const STARTUP_DELAY_MS = 1500;

/** The startup splash: logo and name over the whole screen, then home (at once on a tap). */
export default function StartupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.root.href(), { replace: true }), STARTUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <button
      type="button"
      className="plain-button startup-page"
      onClick={() => navigate(paths.root.href(), { replace: true })}
      data-testid="startup-page"
    >
      <AppMark large />
      <span className="startup-page__tagline">{t('appTagline')}</span>
      <span className="startup-page__hint">{t('startupTapToEnter')}</span>
    </button>
  );
}
