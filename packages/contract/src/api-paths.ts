/** Every HTTP path of the member API, relative to its base (spec point 7, API.md). */
export const API_BASE = { main: '/app-api/', market: '/market-api/', admin: '/admin-api/' } as const;

export const API = {
  nonce: 'biz/biz-user/nonce',
  login: 'biz/biz-user/login',
  logout: 'biz/biz-user/logout',
  userGet: 'biz/biz-user/get',
  basicConfig: 'biz/biz-config/get/basic',
  upload: 'biz/biz-user/upload',
  earnings: 'biz/biz-user/get/earnings',
  balances: 'asset/selectAssetBalance',
  usdtRecords: 'biz/user-usdt-record/page',
  btcRecords: 'biz/user-btc-record/page',
  goldRecords: 'biz/user-gold-record/page',
  usdtClaim: 'biz/user-usdt-record/receive',
  btcClaim: 'biz/user-btc-record/receive',
  gift: 'asset/send',
  giftReceiver: 'asset/receiver',
  topup: 'asset/topup',
  donate: 'donate_logs/clickDonate',
  donations: 'donate_logs/list',
} as const;
