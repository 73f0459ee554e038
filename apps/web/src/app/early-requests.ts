import { API, MARKET_API } from '@minecloud/contract/api-paths';
import { paths } from '@/config/paths';
import { NOTICES_PAGE_SIZE } from '@/features/content/api/get-notices';
import { HOME_COINS } from '@/features/market/api/get-coin-list';
import { PRODUCTS_PAGE_SIZE } from '@/features/mining/api/get-miner-products';
import { type EarlyRequest, earlyRequestKey } from '@/lib/early-response';
import { type RequestOptions, requestTarget } from '@/lib/request';

type Asked = Pick<RequestOptions, 'url' | 'method' | 'data' | 'query' | 'type'> &
  Pick<EarlyRequest, 'banners'> & { member?: boolean };

/** Home's: the market it leads with, the newest notice's title; a member's name and badge. */
const HOME: Asked[] = [
  { url: MARKET_API.coinList, type: 'market', query: { pageNo: 1, pageSize: HOME_COINS } },
  { url: API.noticePage, query: { pageNo: 1, pageSize: 1, type: 'notice' } },
  { url: API.userGet, member: true },
  { url: API.notificationUnread, member: true },
];

/**
 * Each data page's first requests, as its queries make them (router.test.tsx checks that they do):
 * index.html's inline script starts them with the page's first paint, so the data its largest paint
 * waits for comes in the first round trip instead of after the app's code. Reads only.
 */
const ASKED: Record<string, Asked[]> = {
  [paths.root.path]: HOME,
  [paths.home.path]: HOME,
  [paths.index.path]: HOME,
  [paths.second.path]: [
    // The first banner is the mining tab's largest paint.
    { url: API.minerBanners, method: 'POST', banners: 'list' },
    { url: API.poolPower },
    { url: API.minerProducts, method: 'POST', data: { pageNo: 1, pageSize: PRODUCTS_PAGE_SIZE } },
  ],
  [paths.four.path]: [{ url: MARKET_API.trend, type: 'market' }],
  [paths.noticeList.path]: [{ url: API.noticePage, query: { pageNo: 1, pageSize: NOTICES_PAGE_SIZE, type: 'notice' } }],
  [paths.assetsList.path]: [
    { url: API.userGet, member: true },
    { url: API.balances, member: true },
    { url: API.earnings, member: true },
  ],
  [paths.team.path]: [
    { url: API.communityInfo, member: true },
    { url: API.poolPower, member: true },
    { url: API.blackHole, method: 'POST', member: true },
  ],
};

/** Route path → the requests the inline script makes for it (built at build time by shell-render.tsx). */
export function earlyRequests(): Record<string, EarlyRequest[]> {
  return Object.fromEntries(
    Object.entries(ASKED).map(([path, asked]) => [
      path,
      asked.map(({ member = false, banners, ...options }) => {
        const { method, url, body } = requestTarget(options);
        return {
          key: earlyRequestKey(method, url, body),
          method,
          url,
          ...(body === undefined ? {} : { body }),
          member,
          ...(banners === undefined ? {} : { banners }),
        };
      }),
    ]),
  );
}
