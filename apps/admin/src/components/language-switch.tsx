import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '@/i18n';

/** English or Simplified Chinese, for the whole console; remembered (i18n/index.ts setLanguage). */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      value={i18n.language === 'zh-CN' ? 'zh-CN' : 'en'}
      onChange={(language) => void setLanguage(language)}
      options={[
        { value: 'en', label: 'English' },
        { value: 'zh-CN', label: '简体中文' },
      ]}
    />
  );
}
