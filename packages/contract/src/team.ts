import { z } from 'zod';
import { API } from './api-paths.ts';
import { amountTextSchema } from './asset.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';

/**
 * Team and community (docs/economy.md, "Team, referral rewards and levels"). Other members appear only
 * by shortened address (first 6, an ellipsis, last 4), their level and what they mean to the
 * reader (rewards, performance): never a full address, an id or a balance.
 */

export const DEPARTMENTS = [1, 2, 3] as const;
export const departmentSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const IDENTITIES = ['guest', 'regular', 'silver', 'gold'] as const;
export type Identity = (typeof IDENTITIES)[number];
export const identitySchema = z.enum(IDENTITIES);

/** The member's three placement codes, each with the link a newcomer signs in with. */
export const inviteCodeLinkSchema = z.object({
  department: departmentSchema,
  code: z.string(),
  /** Opens the sign-in page with this code filled in. */
  link: z.string(),
});

export const referralSchema = z.object({
  /** Shortened: 0x1234...abcd. */
  address: z.string(),
  identity: identitySchema,
  /** 0 guest, 1 regular, 2 silver, 3 gold. */
  level: z.number().int(),
  /** For direct referrals: which of the reader's departments they joined. */
  department: departmentSchema.nullable(),
  /** Cumulative dynamic (referral) reward in U the reader earned from this member's purchases. */
  rewardU: z.string(),
  joinedAt: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

/** Paging applies to both lists (the first page comes with the totals). */
export const inviteRelationQuerySchema = pageQuerySchema;
export const inviteRelationAnswerSchema = z.object({
  /** The link of department 1's code. */
  inviteLink: z.string(),
  inviteCodes: z.array(inviteCodeLinkSchema),
  /** Every referral reward in U the member has earned, direct and indirect. */
  totalRewardU: z.string(),
  direct: z.array(referralSchema),
  directTotal: z.number().int(),
  indirect: z.array(referralSchema),
  indirectTotal: z.number().int(),
});
export type InviteRelation = z.infer<typeof inviteRelationAnswerSchema>;

export const departmentRowSchema = z.object({
  department: departmentSchema,
  code: z.string(),
  /** U bought by everyone in this department, all time. */
  performance: z.string(),
  /** U bought in this department in the current settlement day. */
  newPerformance: z.string(),
  members: z.number().int(),
});
export const departmentInfoAnswerSchema = z.object({
  list: z.array(departmentRowSchema),
  /** The department with the highest performance (major area), null while all are 0. */
  majorDepartment: departmentSchema.nullable(),
  /** Major area performance in U. */
  major: z.string(),
  /** Minor area: the other two departments summed, in U. */
  minor: z.string(),
  /** The settlement day `newPerformance` counts. */
  day: z.string(),
  /** Team figures are aggregated from purchase records at most a minute behind: as of this time. */
  asOf: z.string().nullable(),
});
export type DepartmentInfo = z.infer<typeof departmentInfoAnswerSchema>;

export const levelRowSchema = z.object({
  level: z.number().int(),
  identity: identitySchema,
  /** U of major and minor area performance needed (both "0" for guest and regular). */
  majorRequired: z.string(),
  minorRequired: z.string(),
  /** Bonus hash rate as a percentage of the member's own hash rate. */
  bonusHashRatePct: z.number().int(),
  /** Regular needs one purchase of the member's own. */
  needsPurchase: z.boolean(),
});
export type LevelRow = z.infer<typeof levelRowSchema>;
export const levelConfigAnswerSchema = z.object({
  current: z.object({ level: z.number().int(), identity: identitySchema, bonusHashRatePct: z.number().int() }),
  levels: z.array(levelRowSchema),
  major: z.string(),
  minor: z.string(),
  /** The next level and what is still missing for it (in U, never below 0); null at the top. */
  next: z
    .object({
      level: z.number().int(),
      identity: identitySchema,
      majorMissing: z.string(),
      minorMissing: z.string(),
      needsPurchase: z.boolean(),
    })
    .nullable(),
});
export type LevelConfig = z.infer<typeof levelConfigAnswerSchema>;

/** `daily`: the last closed settlement day's new performance (final); `new`: today's so far. */
export const PERFORMANCE_RANK_TYPES = ['daily', 'new'] as const;
export type PerformanceRankType = (typeof PERFORMANCE_RANK_TYPES)[number];
export const performanceRankBodySchema = pageQuerySchema.extend({
  type: z.enum(PERFORMANCE_RANK_TYPES).default('new'),
});
export const performanceRankRowSchema = z.object({
  rank: z.number().int(),
  address: z.string(),
  performance: z.string(),
});
export const performanceRankAnswerSchema = pageSchema(performanceRankRowSchema).extend({
  /** The settlement day ranked. */
  day: z.string(),
  /** The reader's own place, null when they have no performance that day. */
  mine: performanceRankRowSchema.nullable(),
});
export type PerformanceRank = z.infer<typeof performanceRankAnswerSchema>;

export const communityRankBodySchema = pageQuerySchema;
export const communityRankRowSchema = z.object({
  rank: z.number().int(),
  address: z.string(),
  teamPerformance: z.string(),
});
export const communityRankAnswerSchema = pageSchema(communityRankRowSchema).extend({
  mine: communityRankRowSchema.nullable(),
});
export type CommunityRank = z.infer<typeof communityRankAnswerSchema>;

/** The community overview of the team tab: platform-wide figures (public). */
export const communityOverviewSchema = z.object({
  members: z.number().int(),
  /** Members who bought at least once. */
  activeMembers: z.number().int(),
  /** U of all purchases, all time and in the current settlement day. */
  totalPerformance: z.string(),
  newPerformance: z.string(),
  day: z.string(),
});
export type CommunityOverview = z.infer<typeof communityOverviewSchema>;

// ---------------------------------------------------------------------------------------------
// Prize pool (forge): docs/economy.md, "Prize pool". Amounts in gold coins.

export const poolRankRowSchema = z.object({
  rank: z.number().int(),
  address: z.string(),
  /** New team performance in U in the round's day. */
  newPerformance: z.string(),
  /** Gold coins this participant forged into the round. */
  forged: z.string(),
  /** The share this place wins, in percent (0 below the winning places). */
  weightPct: z.number().int(),
});

export const poolCurrentAnswerSchema = z.object({
  /** The round is its settlement day. */
  day: z.string(),
  /** Gold coins in the pool this round: carried over plus funded this round. */
  pool: z.string(),
  rolloverIn: z.string(),
  funded: z.string(),
  endsAt: z.string(),
  minForge: z.string(),
  winners: z.number().int(),
  weights: z.array(z.number().int()),
  participants: z.number().int(),
  /** The current ranking of participants by new performance (the first page). */
  ranking: z.array(poolRankRowSchema),
  /** What the reader forged this round (0 when they have not joined), and their place. */
  myForged: z.string(),
  myRank: z.number().int().nullable(),
  /**
   * The reader's new team performance in U in the round's day, what ranks them (the ranking's
   * `newPerformance`, and the sum of their departments' `newPerformance` that day); 0 signed out.
   */
  myNewPerformance: z.string(),
});
export type PoolCurrent = z.infer<typeof poolCurrentAnswerSchema>;

export const poolForgeBodySchema = z.object({ amount: amountTextSchema.optional() });
export const poolForgeAnswerSchema = z.object({ forgeId: z.string(), forged: z.string(), transferId: z.string() });

export const poolHistoryQuerySchema = pageQuerySchema;
export const poolPayoutSchema = poolRankRowSchema.extend({
  /** Gold coins paid to this place ("0" below the winning places). */
  amount: z.string(),
  /** The ledger transfer that paid it; null for places that won nothing. */
  transferId: z.string().nullable(),
});
export const poolRoundSchema = z.object({
  day: z.string(),
  pool: z.string(),
  rolloverIn: z.string(),
  funded: z.string(),
  paid: z.string(),
  /** The sub-unit remainder of the split, booked to the rounding account. */
  rounding: z.string(),
  /** Left for want of participants: carried into the next round. */
  rolloverOut: z.string(),
  participants: z.number().int(),
  /** The weights in force when the round closed, percent per winning place, best first. */
  weights: z.array(z.number().int()),
  settledAt: z.string(),
  /** The frozen ranking: the winners with their payouts first, then the rest of the participants (at most 20). */
  ranking: z.array(poolPayoutSchema),
});
export type PoolRound = z.infer<typeof poolRoundSchema>;
export const poolHistoryAnswerSchema = pageSchema(poolRoundSchema);

/** The team, the community and the prize pool, the area declared whole (calls.ts). Paths: `API`. */
export const TEAM_CALLS = {
  inviteRelation: call({
    method: 'GET',
    path: API.inviteRelation,
    tag: 'team',
    summary: "The member's invitation link, codes and invitees",
    auth: 'member',
    money: false,
    query: inviteRelationQuerySchema,
    answer: inviteRelationAnswerSchema,
  }),
  departmentInfo: call({
    method: 'POST',
    path: API.departmentInfo,
    tag: 'team',
    summary: "The member's departments and their performance",
    auth: 'member',
    money: false,
    answer: departmentInfoAnswerSchema,
  }),
  communityInfo: call({
    method: 'GET',
    path: API.communityInfo,
    tag: 'team',
    summary: 'The community at a glance',
    auth: 'public',
    money: false,
    answer: communityOverviewSchema,
  }),
  levelConfig: call({
    method: 'POST',
    path: API.levelConfig,
    tag: 'team',
    summary: "The levels and the member's progress",
    auth: 'member',
    money: false,
    answer: levelConfigAnswerSchema,
  }),
  performanceRank: call({
    method: 'POST',
    path: API.performanceRank,
    tag: 'team',
    summary: 'Performance ranking, paged',
    auth: 'member',
    money: false,
    body: performanceRankBodySchema.optional(),
    answer: performanceRankAnswerSchema,
  }),
  communityRank: call({
    method: 'POST',
    path: API.communityRank,
    tag: 'team',
    summary: 'Community ranking, paged',
    auth: 'member',
    money: false,
    body: communityRankBodySchema.optional(),
    answer: communityRankAnswerSchema,
  }),
  poolForge: call({
    method: 'POST',
    path: API.poolForge,
    tag: 'pool',
    summary: 'Forge into the prize pool',
    auth: 'member',
    money: true,
    body: poolForgeBodySchema,
    answer: poolForgeAnswerSchema,
  }),
  poolCurrent: call({
    method: 'GET',
    path: API.poolCurrent,
    tag: 'pool',
    summary: 'The prize pool now',
    // Public: a visitor sees the pool; a member's token, when sent, adds what they forged and their place.
    auth: 'public',
    money: false,
    answer: poolCurrentAnswerSchema,
  }),
  poolHistory: call({
    method: 'GET',
    path: API.poolHistory,
    tag: 'pool',
    summary: 'Past prize pool rounds',
    auth: 'public',
    money: false,
    query: poolHistoryQuerySchema,
    answer: poolHistoryAnswerSchema,
  }),
};
