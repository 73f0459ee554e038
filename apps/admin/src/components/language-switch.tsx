import { LOCALE_NAMES } from '@minecloud/contract/locales';
import { Segmented } from 'antd';
import { LANGUAGES, type Language, setLanguage, useLanguage } from '@/i18n';

/** The product's five languages, each named in itself as the member app names it, for the whole console; remembered (i18n/index.ts setLanguage). */
export function LanguageSwitch() {
  const language = useLanguage();
  return (
    <Segmented<Language>
      size="small"
      value={language}
      onChange={(next) => void setLanguage(next)}
      options={LANGUAGES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
    />
  );
}
