import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { timeSpringsBySpec } from '@/lib/spring-durations';
import { LanguageOptions } from './language-options';

// Its transitions take the app's durations (config/durations.ts).
timeSpringsBySpec();

type LanguagePopupProps = { visible: boolean; onClose: () => void };

export default function LanguagePopup({ visible, onClose }: LanguagePopupProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="language-popup">
      <h2 className="language-popup__title">{t('languageSwitchTitle')}</h2>
      <LanguageOptions onChosen={onClose} />
    </Popup>
  );
}
