import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { AppMark } from './app-mark';
import './about-header.css';

/** The top of About: logo, name and the version the basic config announces. */
export function AboutHeader() {
  const { t } = useTranslation();
  const config = useBasicConfig();
  let version = '';
  if (config.data) version = t('aboutVersion', { v: config.data.appVersion });
  else if (config.isError) version = t('aboutVersionUnknown');
  return (
    <header className="about-header">
      <AppMark />
      <p className="about-header__tagline">{t('appTagline')}</p>
      <p className="about-header__version" data-testid="about-version">
        {version}
      </p>
    </header>
  );
}
