import { type ReactNode, useEffect } from 'react';
import { matchRoutes, type RouteObject, useNavigate, useRoutes } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { type AppRoute, paths } from '@/config/paths';
import type { FirstQuery } from '@/lib/first-data';
import { setRelaunch } from '@/lib/relaunch';
import { RootLayout, TabLayout } from './layouts';
import { type LazyPage, LazyRoute, lazyPage, type PageModule } from './lazy-page';
import { RouteFrame } from './route-frame';
import { HomeRoute, firstQueries as homeFirstQueries } from './routes/home-route';

const MiningPage = lazyPage(() => import('@/features/mining/pages/mining-page'));
const MyTeamPage = lazyPage(() => import('@/features/team/pages/my-team-page'));
const MarketTrendPage = lazyPage(() => import('@/features/market/pages/market-trend-page'));
const TeamPage = lazyPage(() => import('@/features/team/pages/team-page'));
const AboutPage = lazyPage(() => import('./routes/about-route'));
const LanguagePage = lazyPage(() => import('@/features/about/pages/language-page'));
const StartupPage = lazyPage(() => import('@/features/about/pages/startup-page'));
const AssetDetailsPage = lazyPage(() => import('@/features/assets/pages/asset-details-page'));
const MyAssetsPage = lazyPage(() => import('@/features/assets/pages/my-assets-page'));
const ChainZonePage = lazyPage(() => import('@/features/market/pages/chain-zone-page'));
const ChainListPage = lazyPage(() => import('@/features/market/pages/chain-list-page'));
const DrawHistoryPage = lazyPage(() => import('@/features/rounds/pages/draw-history-page'));
const EquityPage = lazyPage(() => import('@/features/equity/pages/equity-page'));
const EquityOrdersPage = lazyPage(() => import('@/features/equity/pages/equity-orders-page'));
const FeedbackPage = lazyPage(() => import('@/features/feedback/pages/feedback-page'));
const FeedbackHistoryPage = lazyPage(() => import('@/features/feedback/pages/feedback-history-page'));
const MyMinersPage = lazyPage(() => import('@/features/mining/pages/my-miners-page'));
const HashRatePage = lazyPage(() => import('@/features/mining/pages/hash-rate-page'));
const HashRateDetailsPage = lazyPage(() => import('@/features/mining/pages/hash-rate-details-page'));
const PrizePoolPage = lazyPage(() => import('@/features/pool/pages/prize-pool-page'));
const PerformanceRankPage = lazyPage(() => import('@/features/rank/pages/performance-rank-page'));
const ArticlePage = lazyPage(() => import('@/features/content/pages/article-page'));
const CustomerServicePage = lazyPage(() => import('@/features/support/pages/customer-service-page'));
const TopUpPage = lazyPage(() => import('./routes/top-up-route'));
const GiftPage = lazyPage(() => import('@/features/assets/pages/gift-page'));
const DonationPage = lazyPage(() => import('@/features/assets/pages/donation-page'));
const NotificationsPage = lazyPage(() => import('@/features/notifications/pages/notifications-page'));
const NoticeListPage = lazyPage(() => import('@/features/content/pages/notice-list-page'));
const CommunityRankPage = lazyPage(() => import('@/features/rank/pages/community-rank-page'));
const LevelRewardsPage = lazyPage(() => import('@/features/team/pages/level-rewards-page'));
const KlinePage = lazyPage(() => import('@/features/market/pages/kline-page'));
const NoticeDetailPage = lazyPage(() => import('@/features/content/pages/notice-detail-page'));
const BindEmailPage = lazyPage(() => import('@/features/account/pages/bind-email-page'));
const BindWalletPage = lazyPage(() => import('@/features/account/pages/bind-wallet-page'));
const WithdrawPage = lazyPage(() => import('@/features/wallet/pages/withdraw-page'));
const WithdrawalHistoryPage = lazyPage(() => import('@/features/wallet/pages/withdrawal-history-page'));
const AddressBookPage = lazyPage(() => import('@/features/wallet/pages/address-book-page'));
// Its texts are a chunk of their own (i18n.ts, MESSAGE_FEATURES), loaded with the page.
const TransparencyPage = lazyPage(() => import('@/features/transparency/pages/transparency-page'), {
  messages: 'transparency',
});
const LoginPage = lazyPage(() => import('@/features/auth/pages/login-page'));
const NotFoundPage = lazyPage(() => import('./routes/not-found-route'));

const notFoundRoute: AppRoute = {
  path: '*',
  href: () => '/',
  private: false,
  titleKey: 'titleNotFound',
  tab: false,
};

function frame(route: AppRoute, content: ReactNode, navRight?: ReactNode): RouteObject {
  return {
    path: route.path,
    element: (
      <RouteFrame route={route} navRight={navRight}>
        {content}
      </RouteFrame>
    ),
  };
}

const page = (route: AppRoute, lazy: LazyPage): RouteObject => ({
  ...frame(route, <LazyRoute page={lazy} />),
  handle: { page: lazy },
});
const home = (route: AppRoute): RouteObject => ({
  ...frame(route, <HomeRoute />, <LanguageSwitch />),
  handle: { firstQueries: homeFirstQueries },
});

/** Every route at its exact path (config/paths.ts); `/` and `/pages/index/index` show the home tab. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <TabLayout />,
        children: [
          home(paths.root),
          home(paths.home),
          home(paths.index),
          page(paths.second, MiningPage),
          page(paths.three, MyTeamPage),
          page(paths.four, MarketTrendPage),
          page(paths.team, TeamPage),
        ],
      },
      page(paths.about, AboutPage),
      page(paths.aboutI18n, LanguagePage),
      page(paths.startup, StartupPage),
      page(paths.assetDetails, AssetDetailsPage),
      page(paths.assetsList, MyAssetsPage),
      page(paths.chainList, ChainZonePage),
      page(paths.coinList, ChainListPage),
      page(paths.drawRecord, DrawHistoryPage),
      page(paths.equity, EquityPage),
      page(paths.equityOrder, EquityOrdersPage),
      page(paths.feedback, FeedbackPage),
      page(paths.feedOrder, FeedbackHistoryPage),
      page(paths.mineList, MyMinersPage),
      page(paths.power, HashRatePage),
      page(paths.powerDetail, HashRateDetailsPage),
      page(paths.prizePool, PrizePoolPage),
      page(paths.rank, PerformanceRankPage),
      page(paths.richArticle, ArticlePage),
      page(paths.services, CustomerServicePage),
      page(paths.topUp, TopUpPage),
      page(paths.transform, GiftPage),
      page(paths.donate, DonationPage),
      page(paths.noticeList, NoticeListPage),
      page(paths.notifications, NotificationsPage),
      page(paths.teamRank, CommunityRankPage),
      page(paths.levelRewards, LevelRewardsPage),
      page(paths.kline, KlinePage),
      page(paths.sectionInfo, NoticeDetailPage),
      page(paths.bindEmail, BindEmailPage),
      page(paths.bindWallet, BindWalletPage),
      page(paths.withdraw, WithdrawPage),
      page(paths.withdrawRecord, WithdrawalHistoryPage),
      page(paths.addressBook, AddressBookPage),
      page(paths.transparency, TransparencyPage),
      page(paths.login, LoginPage),
      page(notFoundRoute, NotFoundPage),
    ],
  },
];

/** What a route carries besides its element: its lazy page, or (home) its first screen's queries. */
type RouteHandle = { page?: LazyPage; firstQueries?: PageModule['firstQueries'] };

/**
 * Starts downloading the page shown at `path` (the first route, before i18n is ready), so that the
 * first render has it and does not show its loading box first; resolves, once its code is in, with
 * the queries of its first screen (none for a page that failed to come: its render shows that).
 */
export async function firstQueriesAt(path: string): Promise<FirstQuery[]> {
  const handles = (matchRoutes(routes, path) ?? []).flatMap((match) => (match.route.handle as RouteHandle) ?? []);
  const modules = await Promise.all(handles.map((handle) => handle.page?.preload()));
  return handles.flatMap((handle, i) => (handle.firstQueries ?? modules[i]?.firstQueries)?.() ?? []);
}

/**
 * The route table in declarative mode (inside app.tsx's `<HashRouter>`, or a test's `<MemoryRouter>`).
 * The app loads no route data and uses no loader, action or fetcher, so a data router
 * (`createHashRouter` + `RouterProvider`) only added weight: 17 KB gzip of the entry. An error thrown
 * outside a page (a layout) reaches App's error boundary, which shows the same "app failed" screen.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    setRelaunch((path) => {
      void navigate(path, { replace: true });
    });
  }, [navigate]);
  return useRoutes(routes);
}
