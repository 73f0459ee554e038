// `node scripts/cli.mjs totp-rotate`: seals every operator's TOTP secret again with the current
// key of TOTP_KEYS (its first entry), on the database the server uses, so that the older keys can
// be retired (docs/operations.md, "Rotating the TOTP key"). Run it with the servers' own
// environment (JWT_SECRET and TOTP_KEYS), once every process has the new TOTP_KEYS. It also seals
// secrets still stored in clear. Operators keep signing in throughout: each row holds its key's id,
// and every key of TOTP_KEYS opens its rows. It never migrates: a database behind this code is
// refused (`npm run db:migrate` first). It prints counts and key ids, never a secret or a key.
// Exit 0: every secret is under the current key, the others may be retired; 1: some secret is
// sealed with a key TOTP_KEYS lacks (put it back, run again), a bad configuration, or a database
// behind the code.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type TotpKeySpec, totpKeyring } from '../lib/keys.ts';
import { loadMasterSecret } from '../modules/auth/tokens.ts';
import { resealTotpSecrets } from '../modules/auth/totp-secrets.ts';
import { openMigratedDatabase, settingsOrExit } from './database.ts';

export type RotateOutcome = { ok: boolean; text: string };

/** Seals every TOTP secret with the current key of `totpKeys`; what to print, and whether all are. */
export async function rotateTotpKeys(
  db: Db,
  config: { jwtSecret: string | undefined; totpKeys: readonly TotpKeySpec[] },
): Promise<RotateOutcome> {
  const keys = totpKeyring(await loadMasterSecret(db, config.jwtSecret), config.totpKeys);
  const { sealed, current, unopened } = await resealTotpSecrets(db, keys);
  const lines = [`TOTP secrets: ${sealed} sealed again with key ${keys.current}, ${current} already were.`];
  const lost = Object.entries(unopened);
  if (lost.length) {
    const list = lost.map(([id, count]) => `${count} with key ${id}`).join(', ');
    lines.push(`Not opened: ${list}: TOTP_KEYS lacks that key. Add it back (after the current one) and run again.`);
  } else {
    const retired = keys.ids.filter((id) => id !== keys.current);
    lines.push(
      retired.length
        ? `No secret needs ${retired.join(', ')} any more: remove ${retired.length === 1 ? 'it' : 'them'} from TOTP_KEYS.`
        : 'Every secret is sealed with the only key of TOTP_KEYS.',
    );
  }
  return { ok: lost.length === 0, text: `${lines.join('\n')}\n` };
}

async function main() {
  const config = settingsOrExit(() => loadConfig());
  const database = await openMigratedDatabase(config, 1);
  try {
    const outcome = await rotateTotpKeys(database.db, config);
    (outcome.ok ? process.stdout : process.stderr).write(outcome.text);
    process.exitCode = outcome.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
