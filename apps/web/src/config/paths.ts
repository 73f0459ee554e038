import type { MessageKey } from '@/i18n/i18n';

export type RouteQuery = Record<string, string | number | null | undefined>;

export type AppRoute = {
  path: string;
  /** The in-app URL of the page, with its query encoded. */
  href: (query?: RouteQuery) => string;
  /** Shows the member's own data: a signed-out visitor is sent to sign in first. */
  private: boolean;
  /** Title in the nav bar; null shows none (the candlestick page). */
  titleKey: MessageKey | null;
  /** One of the five tab pages: it shows the tab bar and no back button. */
  tab: boolean;
};

function encodeQuery(query: RouteQuery | undefined): string {
  if (!query) return '';
  const parts = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function route(
  path: string,
  titleKey: MessageKey | null,
  options: { private?: boolean; tab?: boolean } = {},
): AppRoute {
  return {
    path,
    href: (query) => `${path}${encodeQuery(query)}`,
    private: options.private ?? false,
    titleKey,
    tab: options.tab ?? false,
  };
}

/** Every route of the app, once. */
export const paths = {
  root: route('/', 'titleHome', { tab: true }),
  home: route('/pages/tabbar/home/home', 'titleHome', { tab: true }),
  second: route('/pages/tabbar/second/second', 'titleMining', { tab: true }),
  three: route('/pages/tabbar/three/three', 'titleMyTeam', { tab: true, private: true }),
  four: route('/pages/tabbar/four/four', 'titleMarketTrend', { tab: true }),
  team: route('/pages/tabbar/team/team', 'titleTeam', { tab: true, private: true }),
  index: route('/pages/index/index', 'titleHome', { tab: true }),
  about: route('/pages/about/about', 'titleAbout'),
  aboutI18n: route('/pages/about/i18n', 'appName'),
  startup: route('/pages/startuppage/startuppage', 'titleStartup'),
  assetDetails: route('/pages/my_child/assetsdetails/assetsdetails', 'titleAssetDetails', { private: true }),
  assetsList: route('/pages/my_child/assetslist/assetslist', 'titleMyAssets', { private: true }),
  chainList: route('/pages/my_child/chainlist/chainlist', 'titleChainZone'),
  coinList: route('/pages/my_child/coinlist/coinlist', 'titleChainList'),
  drawRecord: route('/pages/my_child/drawrecord/drawrecord', 'titleDrawHistory'),
  /** Equity Investment: the spec names the screen but not its route. */
  equity: route('/pages/my_child/equity/equity', 'titleEquityInvestment'),
  equityOrder: route('/pages/my_child/equityorder/equityorder', 'titleEquityOrders', { private: true }),
  feedback: route('/pages/my_child/feedback/feedback', 'titleFeedback', { private: true }),
  feedOrder: route('/pages/my_child/feedorder/feedorder', 'titleFeedbackHistory', { private: true }),
  mineList: route('/pages/my_child/minelist/minelist', 'titleMyMiners', { private: true }),
  power: route('/pages/my_child/power/power', 'titleHashRate', { private: true }),
  powerDetail: route('/pages/my_child/powerdetail/powerdetail', 'titleHashRateDetails', { private: true }),
  prizePool: route('/pages/my_child/prizepool/prizepool', 'titlePrizePool'),
  /** Rankings show the reader's own place: their calls need a signed-in member. */
  rank: route('/pages/my_child/rank/rank', 'titlePerformanceRank', { private: true }),
  richArticle: route('/pages/my_child/richarticle/richarticle', 'titleArticle'),
  services: route('/pages/my_child/services/services', 'titleCustomerService'),
  /** Gold coins by default; `?tab=chain` opens the on-chain deposit. */
  topUp: route('/pages/my_child/topup/topup', 'titleTopUp', { private: true }),
  transform: route('/pages/my_child/transform/transform', 'titleGift', { private: true }),
  /** Donation/Charity: the spec names the screen but not its route. */
  donate: route('/pages/my_child/donate/donate', 'titleDonation', { private: true }),
  /** The notification centre. */
  notifications: route('/pages/my_child/notifications/notifications', 'titleNotifications', { private: true }),
  noticeList: route('/pages/second_child/noticelist/noticelist', 'titleAnnouncements'),
  teamRank: route('/pages/team/rank/rank', 'titleCommunityRank', { private: true }),
  /** Level Rewards: the spec names the screen but not its route. */
  levelRewards: route('/pages/my_child/level/level', 'titleLevelRewards', { private: true }),
  kline: route('/pages/three_child/kline/kline', null),
  sectionInfo: route('/pages/three_child/sectioninfo/sectioninfo', 'titleAnnouncementDetail'),
  /** Email and withdrawal-wallet binding: the spec names the actions but not their routes. */
  bindEmail: route('/pages/my_child/email/email', 'titleBindEmail', { private: true }),
  bindWallet: route('/pages/my_child/wallet/wallet', 'titleBindWallet', { private: true }),
  /** Withdraw and Withdrawal History (`?asset=USDT|BTC`): the spec names them but not their routes. */
  withdraw: route('/pages/my_child/withdraw/withdraw', 'titleWithdraw', { private: true }),
  withdrawRecord: route('/pages/my_child/withdrawrecord/withdrawrecord', 'titleWithdrawalHistory', { private: true }),
  /** The address book of withdrawal addresses. */
  addressBook: route('/pages/my_child/addressbook/addressbook', 'titleAddressBook', { private: true }),
  /** Transparency: `?section=totals|proof|parameters` scrolls there, `?asset=` picks the proof's asset. */
  transparency: route('/pages/my_child/transparency/transparency', 'titleTransparency'),
  login: route('/pages/login/index', 'titleSignIn'),
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof paths;

/**
 * `target` when it is a path inside this app (`/pages/…?asset=BTC`), else null: nothing that leaves
 * it (`//host`, `https:`, `/\\host`), and not the sign-in page.
 */
export function inAppPath(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return null;
  if (target.startsWith(paths.login.path)) return null;
  return target;
}

/** Where sign-in may send the member back to: only a path inside this app. */
export function safeRedirect(target: string | null | undefined): string {
  return inAppPath(target) ?? paths.root.path;
}
