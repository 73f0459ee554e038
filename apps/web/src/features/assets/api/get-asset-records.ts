import type { Asset } from '@minecloud/contract/amount';
import { API } from '@minecloud/contract/api-paths';
import type { AssetRecord } from '@minecloud/contract/asset';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { assetKeys } from './query-keys';

export const RECORDS_PAGE_SIZE = 20;

const RECORD_PATHS: Record<Asset, string> = {
  GOLD: API.goldRecords,
  USDT: API.usdtRecords,
  BTC: API.btcRecords,
};

export type RecordPage = { list: AssetRecord[]; total: number };
export type RecordQuery = { asset: Asset; kind?: string; pageNo: number; pageSize?: number };

/** One page of the member's movements in one asset, newest first. */
export function getAssetRecords(
  { asset, kind, pageNo, pageSize = RECORDS_PAGE_SIZE }: RecordQuery,
  signal?: AbortSignal,
) {
  return api<RecordPage>({ url: RECORD_PATHS[asset], query: { pageNo, pageSize, kind }, signal });
}

export function getAssetRecordsQueryOptions(asset: Asset, kind?: string) {
  return infiniteQueryOptions({
    queryKey: assetKeys.records(asset, kind),
    queryFn: ({ pageParam, signal }) => getAssetRecords({ asset, kind, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useAssetRecords(asset: Asset, kind?: string) {
  return useInfiniteQuery(getAssetRecordsQueryOptions(asset, kind));
}
