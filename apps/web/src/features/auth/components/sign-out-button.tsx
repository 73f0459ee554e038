import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@/lib/session';
import { useDisconnect } from '../lib/use-disconnect';

/** Sign-out at the end of settings, after "Confirm Clear Connection?"; nothing for a visitor. */
export function SignOutButton() {
  const { t } = useTranslation();
  const signedIn = useIsLoggedIn();
  const { disconnect, pending } = useDisconnect();
  if (!signedIn) return null;
  return (
    <Button
      block
      color="danger"
      fill="outline"
      loading={pending}
      onClick={() => void disconnect()}
      data-testid="settings-sign-out"
    >
      {t('homeSignOut')}
    </Button>
  );
}
