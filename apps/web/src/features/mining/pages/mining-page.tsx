import type { MinerProduct } from '@minecloud/contract/miner';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getPoolPowerQueryOptions } from '@/api/get-pool-power';
import { Icon } from '@/components/icons';
import { PagedList } from '@/components/paged-list';
import { paths } from '@/config/paths';
import type { FirstQuery } from '@/lib/first-data';
import { lazyOverlay } from '@/lib/lazy-overlay';
import { useAppNavigate } from '@/lib/navigation';
import { useIsLoggedIn } from '@/lib/session';
import { getMinerBannersQueryOptions } from '../api/get-miner-banners';
import { useMinerProducts } from '../api/get-miner-products';

import { MinerBanners } from '../components/miner-banners';
import { MinerProductCard } from '../components/miner-product-card';
import { PoolPowerStrip } from '../components/pool-power-strip';
import './mining-page.css';

// The sheet (its Popup, the purchase form and its checks) loads on idle or on the first open, not with the page.
const loadBuySheet = () => import('../components/buy-sheet').then((m) => ({ default: m.BuySheet }));
const BuySheet = lazyOverlay(loadBuySheet);

/**
 * The first screen's data, asked for before the app's first render when the app opens here: the
 * banner (the largest paint, which index.html showed already: not a skeleton in between) and the
 * hash rate. The shop's pages come as before.
 */
export function firstQueries(): FirstQuery[] {
  return [getMinerBannersQueryOptions(), getPoolPowerQueryOptions(true)];
}

/** The second tab: the miner shop, with the network's hash rate and the way to the member's miners. */
export default function MiningPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const location = useLocation();
  const isLoggedIn = useIsLoggedIn();
  const products = useMinerProducts();
  // The sheet keeps its product while it slides away; each opening starts a fresh form.
  const [selected, setSelected] = useState<{ id: string; opening: number } | null>(null);
  const [open, setOpen] = useState(false);

  const startPurchase = (product: MinerProduct) => {
    if (!isLoggedIn) {
      go(paths.login.href({ redirect: `${location.pathname}${location.search}` }));
      return;
    }
    setSelected((previous) => ({ id: product.id, opening: (previous?.opening ?? 0) + 1 }));
    setOpen(true);
  };
  // Read from the catalogue as it is now, so stock and price follow a refresh.
  const product = products.data?.pages.flatMap((page) => page.list).find((item) => item.id === selected?.id) ?? null;

  return (
    <div className="mining">
      <MinerBanners />
      <PoolPowerStrip />
      <nav className="mining__links" aria-label={t('titleMining')}>
        <button
          type="button"
          className="plain-button mining__link"
          onClick={() => go(paths.mineList.href())}
          data-testid="mining-go-my-miners"
        >
          <Icon name="miner" size={20} />
          <span>{t('titleMyMiners')}</span>
          <span aria-hidden="true">›</span>
        </button>
        <button
          type="button"
          className="plain-button mining__link"
          onClick={() => go(paths.power.href())}
          data-testid="mining-go-hash-rate"
        >
          <Icon name="power" size={20} />
          <span>{t('titleHashRate')}</span>
          <span aria-hidden="true">›</span>
        </button>
      </nav>
      <section className="mining__products" aria-labelledby="miner-products-title">
        <h2 id="miner-products-title" className="mining__section-title">
          {t('minerProductsTitle')}
        </h2>
        <PagedList
          query={products}
          itemKey={(item) => item.id}
          renderItem={(item) => <MinerProductCard product={item} onBuy={startPurchase} />}
          label={t('minerProductsTitle')}
          emptyText={t('minerProductsEmpty')}
          failedText={t('minerProductsFailed')}
          testId="miner-products"
        />
      </section>
      {isLoggedIn && selected && (
        <BuySheet
          product={product}
          formKey={`${selected.id}-${selected.opening}`}
          visible={open}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
