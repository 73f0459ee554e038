import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="state-block" data-testid="not-found">
      <p className="state-block__title">404</p>
      <p className="state-block__text">{t('notFoundDescription')}</p>
      <Button
        color="primary"
        onClick={() => navigate(paths.root.href(), { replace: true })}
        data-testid="not-found-home"
      >
        {t('backHome')}
      </Button>
    </section>
  );
}
