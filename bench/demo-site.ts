// The member app as a visitor meets it, for the browser benches (lighthouse.ts, trace.ts): the
// production build served by the real server on a fresh PostgreSQL database with the demo content
// (DEMO=1: products, notices, banners, a simulated market), plus a signed-in member (the root of a
// team of twelve, with balances and miners: the cluster tests' seed) whose session is ready to be
// written where the app keeps it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/api/src/db/client.ts';
import { seedMembers } from '../apps/api/test/cluster/load.ts';
import { SESSION_STORAGE_KEY } from '../apps/web/src/lib/session.ts';
import { buildWeb, dropDatabase, freshDatabase, startServer } from './lib.ts';

export type DemoSite = {
  url: string;
  /** The built member app it serves. */
  webDist: string;
  /** The member's session as the app persists it (zustand's state in localStorage). */
  session: { key: string; value: string; token: string; address: string };
  stop: () => Promise<void>;
};

/** `webDist`: a member-app build to serve instead of a fresh build of this tree (lighthouse-ab.ts). */
export async function startDemoSite(
  name: string,
  options: { sourcemap?: boolean; webDist?: string } = {},
): Promise<DemoSite> {
  const webDist = options.webDist ?? buildWeb(options);
  const url = await freshDatabase(name);
  const jwtSecret = randomBytes(32).toString('hex');
  const server = await startServer({ DATABASE_URL: url, DEMO: '1', WEB_DIST: webDist, JWT_SECRET: jwtSecret });
  const database = await openDatabase({ kind: 'pg', url, poolMax: 2 });
  const stop = async () => {
    await server.stop();
    await database.close();
    await dropDatabase(name);
  };
  try {
    // The server has migrated and seeded the demo; the member joins it.
    const seed = await seedMembers(database.db, jwtSecret, 13);
    const member = seed.members[0]!;
    const [row] = await queryRows<{ address: string }>(
      database.db,
      sql`select address from users where id = ${member.id}`,
    );
    const token = member.bearer.replace(/^Bearer /, '');
    const address = row!.address;
    const state = { token, address, language: 'zh_CN', localType: 'zh-CN', userInfo: null };
    // The server's first answers compile its code paths; a visitor does not come to a cold process.
    for (let i = 0; i < 3; i += 1) await (await fetch(`${server.url}/`)).text();
    return {
      url: server.url,
      webDist,
      session: { key: SESSION_STORAGE_KEY, value: JSON.stringify({ state, version: 0 }), token, address },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
