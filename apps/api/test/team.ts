import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import { runTeamRollup } from '../src/modules/team/rollup.ts';
import type { TestApp } from './app.ts';
import { get, type Member } from './money.ts';
import { bearer, signIn } from './wallet.ts';

/** A member's placement code for one of its departments, from their own profile. */
export async function codeOf(app: TestApp, inviter: Member, department: 1 | 2 | 3): Promise<string> {
  const profile = await get(app, inviter, 'biz/biz-user/get');
  const code = (profile.body.data.inviteCodes as { department: number; code: string }[]).find(
    (c) => c.department === department,
  );
  if (!code) throw new Error(`no code for department ${department}`);
  return code.code;
}

/** A newcomer signed in through the real endpoint with the inviter's department code. */
export async function invitee(app: TestApp, inviter: Member, department: 1 | 2 | 3): Promise<Member> {
  const { body, token } = await signIn(app, undefined, { inviteCode: await codeOf(app, inviter, department) });
  if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { userId: Number(body.data.userId), token: token!, headers: bearer(token) };
}

/**
 * `length` members created directly below `top` (each the only invitee of the one above, all in
 * `department`), as sign-in would place them: inviter, department, depth and a queued newcomer
 * delta. Returns their ids from the top down.
 */
export async function chainBelow(app: TestApp, top: number, length: number, department: 1 | 2 | 3 = 1) {
  const rows = await queryRows<{ id: string }>(
    app.db,
    sql`with recursive chain as (
          select 1 as i, ${top}::bigint as parent
          union all select i + 1, 0 from chain where i < ${length})
        insert into users (address, department, depth)
        select '0x' || substr(md5(random()::text || i) || md5(random()::text), 1, 40), ${department},
          (select depth from users where id = ${top}) + i
        from chain order by i returning id`,
  );
  const ids = rows.map((r) => Number(r.id));
  // Link each to the one above it, then queue one newcomer delta each.
  await app.db.execute(
    sql`update users u set inviter_id = v.parent
        from (select unnest(${`{${ids.join(',')}}`}::bigint[]) as id,
          unnest(${`{${[top, ...ids.slice(0, -1)].join(',')}}`}::bigint[]) as parent) v
        where u.id = v.id`,
  );
  await app.db.execute(
    sql`insert into team_deltas (user_id, day, members) select unnest(${`{${ids.join(',')}}`}::bigint[]), current_date, 1`,
  );
  return ids;
}

export const rollUp = (app: TestApp) => runTeamRollup(app.db, app.clock.now());
