import type { BasicConfig } from '@minecloud/contract/config';

const APP_VERSION = '1.0.0';

/** Banners of the demo catalogue; operators manage real ones once content lands (issue #8). */
const DEMO_BANNERS: BasicConfig['banners'] = [
  { id: 'mining', image: '/banners/mining.svg', title: 'Cloud mining', link: '/pages/my_child/minelist/minelist' },
  { id: 'team', image: '/banners/team.svg', title: 'Build your team', link: '/pages/tabbar/three/three' },
  { id: 'market', image: '/banners/market.svg', title: 'Markets', link: '/pages/tabbar/four/four' },
];

export function basicConfig(options: { chainId: number; demo: boolean }): BasicConfig {
  return {
    appName: 'MineCloud',
    chainId: options.chainId,
    appVersion: APP_VERSION,
    demo: options.demo,
    banners: options.demo ? DEMO_BANNERS : [],
    customerService: { email: 'support@example.com', telegram: '' },
    limits: {},
    features: { equityTrading: false, equityRepurchase: false },
  };
}
