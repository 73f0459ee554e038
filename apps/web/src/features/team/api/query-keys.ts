/** Direct referrals joined through one of the member's codes; indirect ones through a direct referral's. */
export type ReferralKind = 'direct' | 'indirect';

/** Every query of this feature starts with `team`, so one invalidation refreshes them all. */
export const teamKeys = {
  all: ['team'] as const,
  referrals: (kind: ReferralKind) => ['team', 'referrals', kind] as const,
  departments: () => ['team', 'departments'] as const,
  community: () => ['team', 'community'] as const,
  levels: () => ['team', 'levels'] as const,
};
