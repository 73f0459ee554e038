import { useTranslation } from 'react-i18next';
import { AboutHeader } from '@/features/about/components/about-header';
import { AboutLinks } from '@/features/about/components/about-links';
import { AccountLinks } from '@/features/account/components/account-links';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { useIsLoggedIn } from '@/lib/session';
import './about-route.css';

/**
 * About, which is also the member's settings: the app and its version, the email and wallet
 * bindings, language and help, and sign-out. Composed from the about, account and auth features.
 */
export default function AboutRoute() {
  const { t } = useTranslation();
  const signedIn = useIsLoggedIn();
  return (
    <div className="about-route" data-testid="about">
      <AboutHeader />
      {signedIn && (
        <section className="about-route__group">
          <h3 className="about-route__heading">{t('accountSection')}</h3>
          <AccountLinks />
        </section>
      )}
      <section className="about-route__group">
        <h3 className="about-route__heading">{t('aboutGeneral')}</h3>
        <AboutLinks />
      </section>
      <SignOutButton />
    </div>
  );
}
