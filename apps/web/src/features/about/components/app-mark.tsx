import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import './app-mark.css';

/** The app's logo and name (the operator's name from the basic config, once it has come). */
export function AppMark({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  const config = useBasicConfig();
  return (
    <div className={large ? 'app-mark app-mark--large' : 'app-mark'}>
      <img className="app-mark__logo" src="/favicon.svg" alt="" width={72} height={72} />
      <h2 className="app-mark__name" data-testid="app-name">
        {config.data?.appName || t('appName')}
      </h2>
    </div>
  );
}
