import { parseAmount } from '@minecloud/contract/amount';
import type { Identity } from '@minecloud/contract/team';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { getSetting } from '../config/settings.ts';

type Reader = Pick<Db, 'select'>;

export const IDENTITY_OF_LEVEL: readonly Identity[] = ['guest', 'regular', 'silver', 'gold'];

export type LevelRule = {
  level: number;
  identity: Identity;
  /** USDT atomic units. */
  major: bigint;
  minor: bigint;
  bonusPct: number;
  needsPurchase: boolean;
};

/**
 * The levels (docs/economy.md, "Team, referral rewards and levels"): Guest (never bought), Regular
 * (bought at least once), Silver and Gold (bought, and major and minor area performance at least
 * the thresholds). The levels are steps: a member who never bought is a guest whatever their team
 * does.
 */
export async function levelRules(db: Reader): Promise<LevelRule[]> {
  const u = (text: string) => {
    const parsed = parseAmount(text, 'USDT');
    if (!parsed.ok) throw new Error(`level threshold is not a USDT amount: ${text}`);
    return parsed.units;
  };
  return [
    { level: 0, identity: 'guest', major: 0n, minor: 0n, bonusPct: 0, needsPurchase: false },
    {
      level: 1,
      identity: 'regular',
      major: 0n,
      minor: 0n,
      bonusPct: await getSetting(db, 'team.regularBonusPct'),
      needsPurchase: true,
    },
    {
      level: 2,
      identity: 'silver',
      major: u(await getSetting(db, 'team.silverMajor')),
      minor: u(await getSetting(db, 'team.silverMinor')),
      bonusPct: await getSetting(db, 'team.silverBonusPct'),
      needsPurchase: true,
    },
    {
      level: 3,
      identity: 'gold',
      major: u(await getSetting(db, 'team.goldMajor')),
      minor: u(await getSetting(db, 'team.goldMinor')),
      bonusPct: await getSetting(db, 'team.goldBonusPct'),
      needsPurchase: true,
    },
  ];
}

/** The level bonus (percent of own hash rate) as SQL over a member's row `u`. */
export async function levelBonusPctSql(db: Reader): Promise<SQL> {
  const rules = await levelRules(db);
  const cases = rules.map((r) => sql`when ${r.level} then ${r.bonusPct}::int`);
  return sql`(case u.level ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * SQL that sets `level` and `identity` of the members `ids` selects (a subquery of user ids, or
 * null for every member) from their rolled-up department performance. Whether a member has bought is
 * kept in the level itself: a purchase raises a guest to at least 1, and levels never fall below 1
 * again (only Silver and Gold follow the thresholds, which the operator may change).
 */
export async function recomputeLevelsSql(db: Reader, ids: SQL | null): Promise<SQL> {
  const rules = (await levelRules(db)).filter((r) => r.level >= 2).reverse();
  const ladder = rules.map(
    (r) =>
      sql`when a.major >= ${r.major.toString()}::bigint and a.minor >= ${r.minor.toString()}::bigint then ${r.level}`,
  );
  const scope = ids ? sql`and u.id in (${ids})` : sql``;
  return sql`
    with areas as (
      select u.id, coalesce(max(p.performance), 0) as major,
        coalesce(sum(p.performance), 0) - coalesce(max(p.performance), 0) as minor
      from users u left join team_performance p on p.user_id = u.id
      where u.level >= 1 ${scope}
      group by u.id)
    , levels as (
      select a.id, case ${sql.join(ladder, sql` `)} else 1 end as level from areas a)
    update users u set level = l.level,
      identity = (array['guest','regular','silver','gold'])[l.level + 1]
    from levels l where u.id = l.id and u.level <> l.level`;
}
