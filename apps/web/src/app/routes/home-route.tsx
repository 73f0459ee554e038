import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { SessionCard } from '@/features/auth/components/session-card';
import { NoticeBar } from '@/features/content/components/notice-bar';
import { NoticePopup } from '@/features/content/components/notice-popup';
import { BannerCarousel } from '@/features/home/components/banner-carousel';
import { EntryGrid } from '@/features/home/components/entry-grid';
import { HomeBell } from './home-bell';
import './home-route.css';

/** The home tab, composed from the home, content and auth features. Not lazy: it is the entry page. */
export function HomeRoute() {
  const { t } = useTranslation();
  const config = useBasicConfig();
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
      <BannerCarousel />
      <NoticeBar />
      <SessionCard />
      <EntryGrid />
      <NoticePopup />
    </div>
  );
}
