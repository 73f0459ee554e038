/** Every HTTP path of the member API, relative to its base (spec point 7, API.md). */
export const API_BASE = { main: '/app-api/', market: '/market-api/', admin: '/admin-api/' } as const;

export const API = {
  nonce: 'biz/biz-user/nonce',
  login: 'biz/biz-user/login',
  logout: 'biz/biz-user/logout',
  userGet: 'biz/biz-user/get',
  basicConfig: 'biz/biz-config/get/basic',
  upload: 'biz/biz-user/upload',
} as const;
