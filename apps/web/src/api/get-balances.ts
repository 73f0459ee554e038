import type { Asset } from '@minecloud/contract/amount';
import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer } from '@minecloud/contract/calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/request';

export type AssetBalance = CallAnswer<typeof ASSET_CALLS.balances>['list'][number];

/** available / locked / earnings of every asset of the signed-in member (the asset pages, the miner shop). */
export async function getBalances(signal?: AbortSignal, quiet = false): Promise<Record<Asset, AssetBalance>> {
  const { list } = await api<CallAnswer<typeof ASSET_CALLS.balances>>({
    url: API.balances,
    signal,
    showErrorToast: !quiet,
  });
  const empty = (asset: Asset): AssetBalance => ({ asset, available: '0', locked: '0', earnings: '0' });
  const byAsset = { GOLD: empty('GOLD'), USDT: empty('USDT'), BTC: empty('BTC') };
  for (const row of list) byAsset[row.asset] = row;
  return byAsset;
}

/** `quiet`: a failure shows no toast (the first page's data asked for before its render). */
export function getBalancesQueryOptions(quiet = false) {
  return queryOptions({ queryKey: ['balances'], queryFn: ({ signal }) => getBalances(signal, quiet) });
}

export function useBalances() {
  return useQuery(getBalancesQueryOptions());
}
