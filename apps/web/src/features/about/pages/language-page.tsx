import { useTranslation } from 'react-i18next';
import { LanguageOptions } from '@/components/language-options';
import './language-page.css';

/** The language list of About: the five languages, each named in itself; a tap switches at once. */
export default function LanguagePage() {
  const { t } = useTranslation();
  return (
    <section className="language-page" aria-labelledby="language-page-title">
      <h2 id="language-page-title" className="language-page__title">
        {t('languageSwitchTitle')}
      </h2>
      <LanguageOptions />
    </section>
  );
}
