import { ASSETS, type Asset } from '@minecloud/contract/amount';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AssetBalance, getBalancesQueryOptions, useBalances } from '@/api/get-balances';
import { useBasicConfig } from '@/api/get-basic-config';
import { useCoinDetail } from '@/api/get-coin-detail';
import { getEarningsQueryOptions, useEarnings } from '@/api/get-earnings';
import { getUserQueryOptions, useUser } from '@/api/get-user';
import { ErrorState } from '@/components/error-state';
import { type QuickLink, QuickLinks } from '@/components/quick-links';
import { paths } from '@/config/paths';
import type { FirstQuery } from '@/lib/first-data';
import { useAppNavigate } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { AssetCard } from '../components/asset-card';
import { AssetShares } from '../components/asset-shares';
import { LazyPull } from '../components/lazy-pull';
import { MemberIdCard } from '../components/member-id-card';
import { parseGoldRate } from '../lib/gold-rate';
import { valuePortfolio } from '../lib/portfolio';
import './my-assets-page.css';

const ACTIONS: QuickLink[] = [
  { name: 'gift', route: paths.transform, icon: 'gift' },
  { name: 'top-up', route: paths.topUp, icon: 'topUp' },
  { name: 'donation', route: paths.donate, icon: 'heart' },
];

/** The first screen's data, asked for before the app's first render when the app opens here. */
export function firstQueries(): FirstQuery[] {
  if (!useSession.getState().token) return [];
  return [getUserQueryOptions(true), getBalancesQueryOptions(true), getEarningsQueryOptions(true)];
}

/** The balances' total in USDT at the prices now: gold at gold.perUsdt, BTC at BTCUSDT's latest price. */
function AssetsValue({ balances }: { balances: Record<Asset, AssetBalance> }) {
  const config = useBasicConfig();
  const btc = useCoinDetail('BTCUSDT');
  const goldPerUsdt = parseGoldRate(config.data?.limits.goldPerUsdt);
  // Until both prices are in, the section holds its place (AssetShares with no prices).
  if (!goldPerUsdt || btc.isPending) return <AssetShares portfolio={null} prices={null} />;
  const btcUsdt = btc.data?.price ?? null;
  return (
    <AssetShares
      portfolio={valuePortfolio(balances, { goldPerUsdt, btcUsdt })}
      prices={{
        goldPerUsdt: String(goldPerUsdt),
        btcUsdt,
        asOf: btc.data?.asOf ?? null,
        simulated: btc.data?.source === 'simulated',
      }}
    />
  );
}

export default function MyAssetsPage() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const user = useUser();
  const balances = useBalances();
  const earnings = useEarnings();
  const [refreshFailed, setRefreshFailed] = useState(false);

  const refresh = async () => {
    const results = await Promise.all([balances.refetch(), earnings.refetch(), user.refetch()]);
    setRefreshFailed(results.some((result) => result.isError));
  };

  return (
    <LazyPull onRefresh={refresh} failed={refreshFailed}>
      <div className="my-assets" data-testid="my-assets">
        <MemberIdCard user={user.data} />
        <QuickLinks links={ACTIONS} label={t('titleMyAssets')} testIdPrefix="my-assets-go" />
        {balances.isPending ? (
          <div className="my-assets__loading" data-testid="my-assets-loading">
            {/* What comes in the same places and sizes: the total, then each asset's card. */}
            <AssetShares portfolio={null} prices={null} />
            {ASSETS.map((asset) => (
              <Skeleton
                key={asset}
                animated
                className={`my-assets__skeleton my-assets__skeleton--${asset.toLowerCase()}`}
              />
            ))}
          </div>
        ) : balances.isError ? (
          <ErrorState
            message={t('assetsLoadFailed')}
            onRetry={() => void balances.refetch()}
            testId="my-assets-error"
          />
        ) : (
          <>
            <AssetsValue balances={balances.data} />
            {ASSETS.map((asset) => (
              <AssetCard
                key={asset}
                balance={balances.data[asset]}
                totalEarned={asset === 'GOLD' ? undefined : (earnings.data?.[asset].total ?? null)}
                onDetails={() => go(paths.assetDetails.href({ asset }))}
                onVerify={() => go(paths.transparency.href({ section: 'proof', asset }))}
              />
            ))}
          </>
        )}
      </div>
    </LazyPull>
  );
}
