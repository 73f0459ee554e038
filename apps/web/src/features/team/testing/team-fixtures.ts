import type {
  CommunityOverview,
  DepartmentInfo,
  InviteRelation,
  LevelConfig,
  Referral,
} from '@minecloud/contract/team';
import { CONFIG, USER } from '@/test/fixtures/money';
import { mockServer, ok } from '@/test/render-app';

/** Fixtures shared by the team screens' tests (imported by tests only). */
export const linkOf = (code: string) => `http://localhost:8080/#/pages/login/index?code=${code}`;
export const CODES = ['AB12CD34', 'EF56GH78', 'JK90LM12'];

// A local time, so the expected text holds in any time zone.
export const JOINED = new Date(2024, 4, 3, 9, 5, 7).toISOString();
export const AS_OF = new Date(2024, 4, 6, 14, 30, 5).toISOString();

export function referral(address: string, over: Partial<Referral> = {}): Referral {
  return {
    address,
    identity: 'regular',
    level: 1,
    department: 1,
    rewardU: '10',
    joinedAt: JOINED,
    ...over,
  };
}

export function relation(over: Partial<InviteRelation> = {}): InviteRelation {
  return {
    inviteLink: linkOf(CODES[0]!),
    inviteCodes: CODES.map((code, i) => ({ department: (i + 1) as 1 | 2 | 3, code, link: linkOf(code) })),
    totalRewardU: '1234.567891',
    direct: [
      referral('0x1111...aaaa', { identity: 'silver', level: 2, department: 2, rewardU: '500.129' }),
      referral('0x2222...bbbb', { identity: 'guest', level: 0, department: 1, rewardU: '0' }),
    ],
    directTotal: 2,
    indirect: [referral('0x3333...cccc', { department: null, rewardU: '25.5' })],
    indirectTotal: 1,
    ...over,
  };
}

export function departments(over: Partial<DepartmentInfo> = {}): DepartmentInfo {
  return {
    list: [
      { department: 1, code: CODES[0]!, performance: '18750.999999', newPerformance: '300', members: 12 },
      { department: 2, code: CODES[1]!, performance: '12000', newPerformance: '0', members: 5 },
      { department: 3, code: CODES[2]!, performance: '8000.5', newPerformance: '120.75', members: 3 },
    ],
    majorDepartment: 1,
    major: '18750.999999',
    minor: '20000.5',
    day: '2024-05-06',
    asOf: AS_OF,
    ...over,
  };
}

export function community(over: Partial<CommunityOverview> = {}): CommunityOverview {
  return {
    members: 1520,
    activeMembers: 864,
    totalPerformance: '2500000.129',
    newPerformance: '15000.5',
    day: '2024-05-06',
    ...over,
  };
}

const LEVELS: LevelConfig['levels'] = [
  { level: 0, identity: 'guest', majorRequired: '0', minorRequired: '0', bonusHashRatePct: 0, needsPurchase: false },
  { level: 1, identity: 'regular', majorRequired: '0', minorRequired: '0', bonusHashRatePct: 0, needsPurchase: true },
  {
    level: 2,
    identity: 'silver',
    majorRequired: '50000',
    minorRequired: '20000',
    bonusHashRatePct: 5,
    needsPurchase: false,
  },
  {
    level: 3,
    identity: 'gold',
    majorRequired: '200000',
    minorRequired: '80000',
    bonusHashRatePct: 10,
    needsPurchase: false,
  },
];

/** A regular node on the way to silver: the major area is short, the minor area is met. */
export function levelConfig(over: Partial<LevelConfig> = {}): LevelConfig {
  return {
    current: { level: 1, identity: 'regular', bonusHashRatePct: 0 },
    levels: LEVELS,
    major: '18750.999999',
    minor: '20000.5',
    next: { level: 2, identity: 'silver', majorMissing: '31249.000001', minorMissing: '0', needsPurchase: false },
    ...over,
  };
}

type Handlers = Parameters<typeof mockServer>[0];

/** The calls every team screen may make, answered with demo data; `overrides` replace any of them. */
export function teamServer(overrides: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(USER),
    'GET /app-api/biz/invite-relation/get': () => ok(relation()),
    'POST /app-api/dataBoard/departmentInfo': () => ok(departments()),
    'GET /app-api/dataBoard/communityInfo': () => ok(community()),
    'POST /app-api/levelConfig/levelConfig': () => ok(levelConfig()),
    'GET /app-api/biz/biz-config/get/pool/total/power': () =>
      ok({ totalHashRate: '12345.678', burnedHashRate: '649.77', miners: 130 }),
    'POST /app-api/dataBoard/destroyData': () => ok({ burnedHashRate: '649.77', burnedToday: '0.0047' }),
    ...overrides,
  });
}
