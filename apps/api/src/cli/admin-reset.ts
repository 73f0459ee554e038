// `npm run admin:reset [-- <username>]`: a new one-time password for the owner (the oldest owner
// that is not disabled) or the named operator, from the server's shell, on the database the server
// uses (DATABASE_URL, or the PGlite files in DATA_DIR: stop the server first, PGlite is
// single-process). It clears the operator's TOTP enrolment and lock, ends all its sessions, stores
// only the hash, audits the reset (actor `shell:admin-reset`) and prints the password once, framed.
// It never migrates: a database behind this code is refused (`npm run db:migrate` first).
// Exit 0: reset; 1: no such operator, a disabled one, a bad configuration, or a database behind the code.
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { type Config, loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { operators } from '../db/schema.ts';
import {
  bootstrapOperator,
  consoleUrlOf,
  firstActiveOwner,
  framedPassword,
  resetOperatorPassword,
} from '../modules/auth/operator-accounts.ts';
import { openMigratedDatabase, settingsOrExit } from './database.ts';

/** The audit's actor of a reset made here: someone with the server's shell, not an operator. */
export const SHELL_ACTOR = 'shell:admin-reset';

export type ResetOutcome = { ok: true; username: string; password: string; text: string } | { ok: false; text: string };

/** Resets `username` (or the first active owner); what to print, and the password for tests. */
export async function adminReset(
  db: Db,
  config: Pick<Config, 'publicOrigin' | 'host' | 'port'>,
  username?: string,
): Promise<ResetOutcome> {
  const consoleUrl = consoleUrlOf(config);
  if (!username) {
    // No operator at all yet: the first one, as the server's first start would make it.
    const first = await bootstrapOperator(db, undefined);
    if (first) {
      const title = 'MineCloud: the first operator (an owner)';
      return {
        ok: true,
        username: 'admin',
        password: first,
        text: framedPassword({ title, username: 'admin', password: first, consoleUrl }),
      };
    }
  }
  const [target] = username
    ? await db.select().from(operators).where(eq(operators.username, username))
    : [await firstActiveOwner(db)];
  if (!target) return { ok: false, text: username ? `no operator named ${username}\n` : 'no active owner\n' };
  if (target.disabled) {
    return { ok: false, text: `${target.username} is disabled: reset an owner instead, who can enable it\n` };
  }
  const { row, password } = await resetOperatorPassword(db, target.id, SHELL_ACTOR, null);
  const title = `MineCloud: a new one-time password for ${row.username} (${row.role}); its sessions are ended`;
  return {
    ok: true,
    username: row.username,
    password,
    text: framedPassword({ title, username: row.username, password, consoleUrl }),
  };
}

async function main() {
  const config = settingsOrExit(() => loadConfig());
  const database = await openMigratedDatabase(config, 1);
  try {
    const outcome = await adminReset(database.db, config, process.argv[2]);
    (outcome.ok ? process.stdout : process.stderr).write(outcome.text);
    process.exitCode = outcome.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
