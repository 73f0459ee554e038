import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { SessionCard } from '@/features/auth/components/session-card';
import { NoticeBar } from '@/features/content/components/notice-bar';
import { NoticePopup } from '@/features/content/components/notice-popup';
import { BannerCarousel } from '@/features/home/components/banner-carousel';
import { EntryGrid } from '@/features/home/components/entry-grid';
import { HomeMarket } from '@/features/market/components/home-market';
import { useSession } from '@/lib/session';
import { InstallCard } from '@/pwa/install-card';
import { HomeBell } from './home-bell';
import './home-route.css';

/**
 * The home tab, composed from the home, content, market and auth features. Not lazy: it is the
 * entry page. A visitor's home leads with the market, as exchange apps do; a member's with their
 * balances, the market after the entries.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const config = useBasicConfig();
  const signedIn = useSession((state) => state.token !== '');
  const appName = config.data?.appName || t('appName');
  return (
    <div className="home">
      <header className="home__hero">
        <h2 className="home__app-name" data-testid="home-app-name">
          {appName}
        </h2>
        <p className="home__tagline">{t('appTagline')}</p>
        <HomeBell />
      </header>
      {!signedIn && <HomeMarket />}
      <BannerCarousel />
      <NoticeBar />
      <SessionCard />
      <EntryGrid />
      {signedIn && <HomeMarket />}
      <InstallCard />
      <NoticePopup />
    </div>
  );
}
