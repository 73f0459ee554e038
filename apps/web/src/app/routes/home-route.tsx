import { useTranslation } from 'react-i18next';
import { useBasicConfig } from '@/api/get-basic-config';
import { getUserQueryOptions } from '@/api/get-user';
import { unreadCountQueryOptions } from '@/api/unread-count';
import { SessionCard } from '@/features/auth/components/session-card';
import { getLatestNoticeQueryOptions } from '@/features/content/api/get-notices';
import { NoticeBar } from '@/features/content/components/notice-bar';
import { NoticePopup } from '@/features/content/components/notice-popup';
import { BannerCarousel } from '@/features/home/components/banner-carousel';
import { EntryGrid } from '@/features/home/components/entry-grid';
import { getTopCoinsQueryOptions } from '@/features/market/api/get-coin-list';
import { HomeMarket } from '@/features/market/components/home-market';
import type { FirstQuery } from '@/lib/first-data';
import { useSession } from '@/lib/session';
import { InstallCard } from '@/pwa/install-card';
import { HomeBell } from './home-bell';
import './home-route.css';

/**
 * Home's first screen's data (besides the basic config, which main.tsx asks for): asked for before
 * the app's first render, as a lazy page's are (router.tsx, firstQueriesAt). Then the first render
 * has it and its mount starts no request: the queries' starts (a fetch, its timers) would otherwise
 * all run in the one task that runs the first commit's effects, long enough to block a tap on a
 * mid-range phone (docs/architecture.md, "Fast on a mid-range phone").
 */
export function firstQueries(): FirstQuery[] {
  const queries: FirstQuery[] = [getTopCoinsQueryOptions(), getLatestNoticeQueryOptions()];
  if (useSession.getState().token) queries.push(getUserQueryOptions(true), unreadCountQueryOptions());
  return queries;
}

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
