import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operators } from '../../db/schema.ts';
import type { TotpKeyring } from '../../lib/keys.ts';

/**
 * Operators' TOTP secrets at rest (docs/operations.md, "Keys and secrets"): `totp_secret` holds the
 * secret sealed by the keyring (lib/keys.ts), `totp_key_id` the id of the key that sealed it. A row
 * with a secret and no key id is a plain secret stored before migration 0029: every process seals
 * those when it starts (`sealStoredTotpSecrets`), and `totp-rotate` does too.
 */
type TotpColumns = { id: number; totpSecret: string | null; totpKeyId: string | null };

/** The columns to store `secret` for operator `operatorId`. */
export function sealedTotp(keys: TotpKeyring, operatorId: number, secret: string) {
  const { keyId, sealed } = keys.seal(operatorId, secret);
  return { totpSecret: sealed, totpKeyId: keyId };
}

/**
 * The operator's TOTP secret in clear, or null when none is enrolled. Throws when its key is not in
 * TOTP_KEYS (retired too early) or the ciphertext is not this row's: a sign-in error, never a pass.
 */
export function openTotp(keys: TotpKeyring, row: TotpColumns): string | null {
  if (row.totpSecret === null) return null;
  if (row.totpKeyId === null) return row.totpSecret;
  return keys.open(row.id, row.totpKeyId, row.totpSecret);
}

export type TotpRotation = {
  /** Rows sealed again with the current key (plain ones included). */
  sealed: number;
  /** Rows already under the current key. */
  current: number;
  /** Key ids of rows that no key of TOTP_KEYS opens: those operators cannot sign in. */
  unopened: Record<string, number>;
};

/**
 * Seals every stored secret that is not under the keyring's current key with it: the plain ones
 * only (`onlyPlain`, at every start), or every one (`totp-rotate`). Each row is changed only if it
 * still holds what was read, so an enrolment meanwhile is never overwritten; a row whose key is not
 * in the keyring is left as it is and counted.
 */
export async function resealTotpSecrets(db: Db, keys: TotpKeyring, onlyPlain = false): Promise<TotpRotation> {
  const rows = await db
    .select({ id: operators.id, totpSecret: operators.totpSecret, totpKeyId: operators.totpKeyId })
    .from(operators)
    .where(
      onlyPlain ? and(isNotNull(operators.totpSecret), isNull(operators.totpKeyId)) : isNotNull(operators.totpSecret),
    );
  const outcome: TotpRotation = { sealed: 0, current: 0, unopened: {} };
  for (const row of rows) {
    if (row.totpKeyId === keys.current) {
      outcome.current++;
      continue;
    }
    let secret: string | null;
    try {
      secret = openTotp(keys, row);
    } catch {
      const id = row.totpKeyId ?? 'plain';
      outcome.unopened[id] = (outcome.unopened[id] ?? 0) + 1;
      continue;
    }
    if (secret === null) continue;
    const same = and(
      eq(operators.id, row.id),
      eq(operators.totpSecret, row.totpSecret as string),
      row.totpKeyId === null ? isNull(operators.totpKeyId) : eq(operators.totpKeyId, row.totpKeyId),
    );
    const changed = await db
      .update(operators)
      .set(sealedTotp(keys, row.id, secret))
      .where(same)
      .returning({ id: operators.id });
    if (changed.length) outcome.sealed++;
  }
  return outcome;
}

/**
 * At start: no TOTP secret stays in clear (those stored before migration 0029 are sealed now), and
 * a row that no key of TOTP_KEYS opens is logged, with its key id, as an operator who cannot sign in.
 */
export async function sealStoredTotpSecrets(
  db: Db,
  keys: TotpKeyring,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
) {
  const { sealed } = await resealTotpSecrets(db, keys, true);
  if (sealed) log.info({ sealed, keyId: keys.current }, 'plain TOTP secrets sealed');
  const rows = await db
    .selectDistinct({ keyId: operators.totpKeyId })
    .from(operators)
    .where(isNotNull(operators.totpKeyId));
  const missing = rows.map((row) => row.keyId as string).filter((id) => !keys.ids.includes(id));
  if (missing.length) {
    log.error(
      { missing, configured: keys.ids },
      'TOTP secrets are sealed with keys that TOTP_KEYS does not hold: their operators cannot sign in (docs/operations.md, "Rotating the TOTP key")',
    );
  }
}
