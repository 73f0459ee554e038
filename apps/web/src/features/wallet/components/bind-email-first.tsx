import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { openedFrom, useAppNavigate } from '@/lib/navigation';
import './withdraw-form.css';

/**
 * In place of the email code while the member has no email: the spec's Bind Email First, and the way
 * there, which comes back here (with this page's asset) once the email is bound.
 */
export function BindEmailFirst() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <div className="bind-email-first" role="alert" data-testid="withdraw-needs-email">
      <p className="bind-email-first__title">{errorText('bindEmailFirst')}</p>
      <p className="bind-email-first__text">{t('withdrawNeedsEmail')}</p>
      <Button
        color="primary"
        fill="outline"
        size="small"
        onClick={() => {
          go(paths.bindEmail.href({ redirect: here }), { state: openedFrom(here) });
        }}
        data-testid="withdraw-go-bind-email"
      >
        {t('walletGoBindEmail')}
      </Button>
    </div>
  );
}
