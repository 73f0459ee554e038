import type { Asset } from '@minecloud/contract/amount';
import { API } from '@minecloud/contract/api-paths';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { TRANSPARENCY_CALLS } from '@minecloud/contract/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/request';
import { useIsLoggedIn } from '@/lib/session';
import { transparencyKeys } from './query-keys';

type LiabilityProofAnswer = CallAnswer<typeof TRANSPARENCY_CALLS.liabilityProof>;

/** The member has no proof for that asset yet (no snapshot published, or they joined after it). */
export type ProofLookup = { found: true; answer: LiabilityProofAnswer } | { found: false };

/** The signed-in member's inclusion proof in the newest published tree of `asset`. */
export async function getLiabilityProof(asset: Asset, signal?: AbortSignal): Promise<ProofLookup> {
  try {
    const answer = await api<LiabilityProofAnswer>({
      url: API.liabilityProof,
      query: { asset },
      signal,
      showErrorToast: false,
    });
    return { found: true, answer };
  } catch (error) {
    // 404 (proofUnavailable): nothing published for that day yet, or the member joined after it.
    if (isApiError(error) && error.status === 404) return { found: false };
    throw error;
  }
}

export function getLiabilityProofQueryOptions(asset: Asset) {
  return queryOptions({
    queryKey: transparencyKeys.proof(asset),
    queryFn: ({ signal }) => getLiabilityProof(asset, signal),
  });
}

export function useLiabilityProof(asset: Asset) {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...getLiabilityProofQueryOptions(asset), enabled: isLoggedIn });
}
