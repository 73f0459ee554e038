import { shortenAddress } from '@minecloud/contract/address';
import { formatAmount } from '@minecloud/contract/amount';
import type {
  CommunityOverview,
  CommunityRank,
  DepartmentInfo,
  Identity,
  InviteRelation,
  LevelConfig,
  PerformanceRank,
  PerformanceRankType,
  Referral,
} from '@minecloud/contract/team';
import { sql } from 'drizzle-orm';
import { type Db, newestFirst, pageClause, queryRows } from '../../db/client.ts';
import { addDays, dayOf } from '../../lib/calendar.ts';
import type { AuthorizedUserId } from '../auth/tokens.ts';
import { getSetting } from '../config/settings.ts';
import { levelRules } from './levels.ts';
import { lastRollupAt } from './rollup.ts';

type Page = { pageNo: number; pageSize: number };
type Dept = 1 | 2 | 3;
const u = (units: string | bigint | null | undefined) => formatAmount(BigInt(units ?? 0), 'USDT');
const iso = (value: string | Date) => new Date(value).toISOString();

async function today(db: Db, now: Date) {
  return dayOf(now, await getSetting(db, 'settlement.timeZone'));
}

/** The sign-in page of the web app with a placement code filled in (the app's hash router). */
export function inviteLinkOf(origin: string, code: string) {
  return `${origin.replace(/\/+$/, '')}/#/pages/login/index?code=${encodeURIComponent(code)}`;
}

async function codesOf(db: Db, userId: number) {
  return queryRows<{ code: string; department: Dept }>(
    db,
    sql`select code, department from invite_codes where user_id = ${userId} order by department`,
  );
}

type ReferralRow = {
  address: string;
  level: number;
  identity: Identity;
  department: Dept | null;
  reward: string;
  created_at: string | Date;
};
const referralOf = (r: ReferralRow): Referral => ({
  address: shortenAddress(r.address),
  identity: r.identity,
  level: r.level,
  department: r.department,
  rewardU: u(r.reward),
  joinedAt: iso(r.created_at),
});

/**
 * The member's invitations: codes and links, total referral rewards, and the referrals one and two
 * generations down (newest first), each with the reward the member earned from them.
 */
export async function inviteRelation(
  db: Db,
  userId: AuthorizedUserId,
  page: Page,
  origin: string,
): Promise<InviteRelation> {
  const [codes, totals, direct, indirect, counts] = await Promise.all([
    codesOf(db, userId),
    queryRows<{ total: string }>(
      db,
      sql`select coalesce(sum(amount), 0)::text as total from referral_rewards where beneficiary_id = ${userId}`,
    ),
    queryRows<ReferralRow>(
      db,
      sql`select c.address, c.level, c.identity, c.department, c.created_at,
            coalesce((select sum(r.amount) from referral_rewards r
              where r.beneficiary_id = ${userId} and r.buyer_id = c.id and r.generation = 1), 0)::text as reward
          from users c where c.inviter_id = ${userId}
          order by ${newestFirst('c', 'created_at')} ${pageClause(page)}`,
    ),
    queryRows<ReferralRow>(
      db,
      sql`select g.address, g.level, g.identity, c.department, g.created_at,
            coalesce((select sum(r.amount) from referral_rewards r
              where r.beneficiary_id = ${userId} and r.buyer_id = g.id and r.generation = 2), 0)::text as reward
          from users c join users g on g.inviter_id = c.id
          where c.inviter_id = ${userId}
          order by ${newestFirst('g', 'created_at')} ${pageClause(page)}`,
    ),
    queryRows<{ direct: number; indirect: number }>(
      db,
      sql`select (select count(*) from users where inviter_id = ${userId})::int as direct,
            (select count(*) from users c join users g on g.inviter_id = c.id where c.inviter_id = ${userId})::int as indirect`,
    ),
  ]);
  const inviteCodes = codes.map((c) => ({
    department: c.department,
    code: c.code,
    link: inviteLinkOf(origin, c.code),
  }));
  return {
    inviteLink: inviteCodes[0]?.link ?? '',
    inviteCodes,
    totalRewardU: u(totals[0]?.total),
    direct: direct.map(referralOf),
    directTotal: counts[0]?.direct ?? 0,
    indirect: indirect.map(referralOf),
    indirectTotal: counts[0]?.indirect ?? 0,
  };
}

/** Department figures of one member: three primary-key reads of the rolled-up aggregates. */
async function departmentsOf(db: Db, userId: number, day: string) {
  const rows = await queryRows<{ department: Dept; performance: string; members: number; fresh: string }>(
    db,
    sql`select d.department, coalesce(p.performance, 0)::text as performance, coalesce(p.members, 0) as members,
          coalesce(n.amount, 0)::text as fresh
        from (values (1::smallint), (2::smallint), (3::smallint)) as d(department)
        left join team_performance p on p.user_id = ${userId} and p.department = d.department
        left join team_performance_daily n on n.day = ${day}::date and n.user_id = ${userId} and n.department = d.department
        order by d.department`,
  );
  const list = rows.map((r) => ({ ...r, performance: BigInt(r.performance), fresh: BigInt(r.fresh) }));
  const total = list.reduce((sum, r) => sum + r.performance, 0n);
  const top = list.reduce<(typeof list)[number] | undefined>(
    (best, r) => (r.performance > (best?.performance ?? 0n) ? r : best),
    undefined,
  );
  const major = top?.performance ?? 0n;
  return { list, major, minor: total - major, majorDepartment: top?.department ?? null };
}

export async function departmentInfo(db: Db, userId: AuthorizedUserId, now: Date): Promise<DepartmentInfo> {
  const day = await today(db, now);
  const [codes, areas, asOf] = await Promise.all([
    codesOf(db, userId),
    departmentsOf(db, userId, day),
    lastRollupAt(db),
  ]);
  const codeOf = new Map(codes.map((c) => [c.department, c.code]));
  return {
    list: areas.list.map((r) => ({
      department: r.department,
      code: codeOf.get(r.department) ?? '',
      performance: u(r.performance),
      newPerformance: u(r.fresh),
      members: r.members,
    })),
    majorDepartment: areas.majorDepartment,
    major: u(areas.major),
    minor: u(areas.minor),
    day,
    asOf: asOf ? asOf.toISOString() : null,
  };
}

export async function levelConfig(db: Db, userId: AuthorizedUserId, now: Date): Promise<LevelConfig> {
  const [rules, areas, me] = await Promise.all([
    levelRules(db),
    departmentsOf(db, userId, await today(db, now)),
    queryRows<{ level: number }>(db, sql`select level from users where id = ${userId}`),
  ]);
  const level = me[0]?.level ?? 0;
  const bought = level >= 1;
  // The stored level: what the roll-up and the settlement last recomputed, and what the settlement pays on.
  const current = rules.find((r) => r.level === level) ?? rules[0]!;
  const next = rules.find((r) => r.level === current.level + 1);
  const missing = (need: bigint, have: bigint) => u(need > have ? need - have : 0n);
  return {
    current: { level: current.level, identity: current.identity, bonusHashRatePct: current.bonusPct },
    levels: rules.map((r) => ({
      level: r.level,
      identity: r.identity,
      majorRequired: u(r.major),
      minorRequired: u(r.minor),
      bonusHashRatePct: r.bonusPct,
      needsPurchase: r.needsPurchase,
    })),
    major: u(areas.major),
    minor: u(areas.minor),
    next: next
      ? {
          level: next.level,
          identity: next.identity,
          majorMissing: missing(next.major, areas.major),
          minorMissing: missing(next.minor, areas.minor),
          needsPurchase: next.needsPurchase && !bought,
        }
      : null,
  };
}

/**
 * Ranking by new team performance of one settlement day: `new` is today's so far, `daily` the last
 * closed day's. Ties go to the lower member id (the earlier member).
 */
export async function performanceRank(
  db: Db,
  userId: AuthorizedUserId,
  query: Page & { type: PerformanceRankType },
  now: Date,
): Promise<PerformanceRank> {
  const current = await today(db, now);
  const day = query.type === 'new' ? current : addDays(current, -1);
  const [rows, count, mine] = await Promise.all([
    queryRows<{ address: string; amount: string }>(
      db,
      sql`select u.address, t.amount::text as amount
          from team_daily_totals t join users u on u.id = t.user_id
          where t.day = ${day}::date and t.amount > 0
          order by t.amount desc, t.user_id ${pageClause(query)}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from team_daily_totals where day = ${day}::date and amount > 0`,
    ),
    queryRows<{ address: string; amount: string; rank: number }>(
      db,
      sql`select u.address, m.amount::text as amount,
            (select count(*) from team_daily_totals o
              where o.day = m.day and (o.amount > m.amount or (o.amount = m.amount and o.user_id < m.user_id)))::int + 1 as rank
          from team_daily_totals m join users u on u.id = m.user_id
          where m.day = ${day}::date and m.user_id = ${userId} and m.amount > 0`,
    ),
  ]);
  const offset = (query.pageNo - 1) * query.pageSize;
  const row = (address: string, amount: string, rank: number) => ({
    rank,
    address: shortenAddress(address),
    performance: u(amount),
  });
  return {
    list: rows.map((r, i) => row(r.address, r.amount, offset + i + 1)),
    total: count[0]?.n ?? 0,
    day,
    mine: mine[0] ? row(mine[0].address, mine[0].amount, mine[0].rank) : null,
  };
}

/** Ranking by whole-team performance, all time. */
export async function communityRank(db: Db, userId: AuthorizedUserId, query: Page): Promise<CommunityRank> {
  const [rows, count, mine] = await Promise.all([
    queryRows<{ address: string; amount: string }>(
      db,
      sql`select u.address, t.performance::text as amount
          from team_totals t join users u on u.id = t.user_id
          where t.performance > 0
          order by t.performance desc, t.user_id ${pageClause(query)}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n from team_totals where performance > 0`),
    queryRows<{ address: string; amount: string; rank: number }>(
      db,
      sql`select u.address, m.performance::text as amount,
            (select count(*) from team_totals o
              where o.performance > m.performance or (o.performance = m.performance and o.user_id < m.user_id))::int + 1 as rank
          from team_totals m join users u on u.id = m.user_id
          where m.user_id = ${userId} and m.performance > 0`,
    ),
  ]);
  const offset = (query.pageNo - 1) * query.pageSize;
  const row = (address: string, amount: string, rank: number) => ({
    rank,
    address: shortenAddress(address),
    teamPerformance: u(amount),
  });
  return {
    list: rows.map((r, i) => row(r.address, r.amount, offset + i + 1)),
    total: count[0]?.n ?? 0,
    mine: mine[0] ? row(mine[0].address, mine[0].amount, mine[0].rank) : null,
  };
}

const OVERVIEW_TTL_MS = 30_000;
const overviews = new WeakMap<object, { at: number; day: string; value: CommunityOverview }>();

/** Platform-wide community figures for the team tab; each process keeps them for 30 s. */
export async function communityOverview(db: Db, now: Date): Promise<CommunityOverview> {
  const day = await today(db, now);
  const kept = overviews.get(db);
  if (kept && kept.day === day && Date.now() - kept.at < OVERVIEW_TTL_MS) return kept.value;
  const [row] = await queryRows<{ members: number; active: number; total: string; fresh: string }>(
    db,
    sql`select (select count(*) from users)::int as members,
          (select count(*) from users where level >= 1)::int as active,
          (select coalesce(sum(amount_usdt), 0) from performance_events)::text as total,
          (select coalesce(sum(amount_usdt), 0) from performance_events where day = ${day}::date)::text as fresh`,
  );
  const value: CommunityOverview = {
    members: row?.members ?? 0,
    activeMembers: row?.active ?? 0,
    totalPerformance: u(row?.total),
    newPerformance: u(row?.fresh),
    day,
  };
  overviews.set(db, { at: Date.now(), day, value });
  return value;
}
