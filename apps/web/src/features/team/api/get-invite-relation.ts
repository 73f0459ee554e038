import { API } from '@minecloud/contract/api-paths';
import type { InviteRelation, Referral } from '@minecloud/contract/team';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageNo } from '@/lib/paging';
import { api } from '@/lib/request';
import { type ReferralKind, teamKeys } from './query-keys';

export const REFERRALS_PAGE_SIZE = 10;

/** One page of the member's invite relation: the invite link and codes, the reward total, and both referral lists. */
export function getInviteRelation(pageNo: number, signal?: AbortSignal): Promise<InviteRelation> {
  return api<InviteRelation>({ url: API.inviteRelation, query: { pageNo, pageSize: REFERRALS_PAGE_SIZE }, signal });
}

/** A page as a paged list of one kind of referral; the rest of the answer (link, codes, totals) rides along. */
export type ReferralPage = InviteRelation & { list: Referral[]; total: number };

function referralPage(answer: InviteRelation, kind: ReferralKind): ReferralPage {
  return kind === 'direct'
    ? { ...answer, list: answer.direct, total: answer.directTotal }
    : { ...answer, list: answer.indirect, total: answer.indirectTotal };
}

/** One call pages both lists: each kind keeps its own pages, so either list loads more on its own. */
export function getReferralsQueryOptions(kind: ReferralKind) {
  return infiniteQueryOptions({
    queryKey: teamKeys.referrals(kind),
    queryFn: async ({ pageParam, signal }) => referralPage(await getInviteRelation(pageParam, signal), kind),
    initialPageParam: 1,
    getNextPageParam: nextPageNo,
  });
}

export function useReferrals(kind: ReferralKind) {
  return useInfiniteQuery(getReferralsQueryOptions(kind));
}
