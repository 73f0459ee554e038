import type { BasicConfig } from '@minecloud/contract/config';
import type { Db } from '../../db/client.ts';
import { getSetting } from './settings.ts';

const APP_VERSION = '1.0.0';

/** Banners of the demo catalogue; operators manage real ones once content lands (issue #8). */
const DEMO_BANNERS: BasicConfig['banners'] = [
  { id: 'mining', image: '/banners/mining.svg', title: 'Cloud mining', link: '/pages/my_child/minelist/minelist' },
  { id: 'team', image: '/banners/team.svg', title: 'Build your team', link: '/pages/tabbar/three/three' },
  { id: 'market', image: '/banners/market.svg', title: 'Markets', link: '/pages/tabbar/four/four' },
];

export async function basicConfig(db: Db, options: { chainId: number; demo: boolean }): Promise<BasicConfig> {
  const [goldPerUsdt, transferAssets, donationAssets, tradingOpen, repurchaseOpen] = await Promise.all([
    getSetting(db, 'gold.perUsdt'),
    getSetting(db, 'transfer.assets'),
    getSetting(db, 'donation.assets'),
    getSetting(db, 'equity.tradingOpen'),
    getSetting(db, 'equity.repurchaseOpen'),
  ]);
  return {
    appName: 'MineCloud',
    chainId: options.chainId,
    appVersion: APP_VERSION,
    demo: options.demo,
    banners: options.demo ? DEMO_BANNERS : [],
    customerService: { email: options.demo ? 'support@example.com' : '', telegram: '' },
    limits: {
      goldPerUsdt: String(goldPerUsdt),
      transferAssets: transferAssets.join(','),
      donationAssets: donationAssets.join(','),
    },
    features: { equityTrading: tradingOpen, equityRepurchase: repurchaseOpen },
  };
}
