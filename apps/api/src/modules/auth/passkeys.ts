import type {
  OperatorRole,
  Passkey,
  passkeyRegisterBodySchema,
  passkeySignInBodySchema,
} from '@minecloud/contract/console';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { operatorPasskeys, operators, passkeyRequiredRoles, webauthnChallenges } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, fail, failWith } from '../../lib/errors.ts';
import { lockTime, type Operator, type OperatorAuth, operatorActor } from './operators.ts';
import { passkeyRoles } from './passkey-policy.ts';

/**
 * Operators' passkeys (WebAuthn, docs/operations.md "Passkeys"): enrolment, sign-in instead of
 * password and TOTP, and the operator's own list. Every passkey must verify its user (PIN or
 * biometrics): it stands in for both factors at once.
 */

/** Whom passkeys are bound to: the console's host, and the origins its pages may have. */
export type RelyingParty = {
  id: string;
  /** The accepted origins; null outside production without PUBLIC_ORIGIN: any `localhost` port. */
  origins: readonly string[] | null;
};

const RP_NAME = 'MineCloud console';
/** How long the browser may take, and how long a challenge stays good (a little longer). */
const CEREMONY_TIMEOUT_MS = 120_000;
const CHALLENGE_TTL_SECONDS = 300;
const LOOPBACK_ORIGIN = /^https?:\/\/localhost(:\d{1,5})?$/;
/**
 * The library's defaults without ML-DSA: probing the runtime for it prints Node's experimental
 * warning into the server's log, and no authenticator offers it yet.
 */
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/**
 * PUBLIC_ORIGIN's host is the relying party (the console is its `/admin/`). Without it, as for
 * sign-in messages (docs/operations.md, PUBLIC_ORIGIN), only `localhost` works: an IP address is
 * never a valid RP ID.
 */
export function relyingPartyOf(config: { publicOrigin?: string | undefined }): RelyingParty {
  if (!config.publicOrigin) return { id: 'localhost', origins: null };
  const url = new URL(config.publicOrigin);
  return { id: url.hostname, origins: [url.origin] };
}

type Credential = { response: { clientDataJSON: string } };

/** The challenge and origin the browser signed, or a refusal when the data is not even readable. */
function clientDataOf(credential: Credential): { challenge: string; origin: string } {
  try {
    const data = decodeClientDataJSON(credential.response.clientDataJSON);
    if (typeof data.challenge !== 'string' || typeof data.origin !== 'string') return fail('passkeyInvalid');
    return { challenge: data.challenge, origin: data.origin };
  } catch {
    return fail('passkeyInvalid');
  }
}

function expectedOrigins(rp: RelyingParty, origin: string): string[] {
  if (rp.origins) return [...rp.origins];
  return LOOPBACK_ORIGIN.test(origin) ? [origin] : [];
}

async function storeChallenge(db: Db, challenge: string, purpose: 'register' | 'sign-in', operatorId: number | null) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    operatorId,
    expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_SECONDS})`,
  });
}

/** Takes a challenge out, once: a delete, so two processes cannot both accept it. */
async function takeChallenge(db: Db, challenge: string, purpose: 'register' | 'sign-in', operatorId: number | null) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        operatorId === null ? isNull(webauthnChallenges.operatorId) : eq(webauthnChallenges.operatorId, operatorId),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) fail('passkeyInvalid');
}

const transportsOf = (list: string[]) => list as AuthenticatorTransport[];

export async function listPasskeys(db: Pick<Db, 'select'>, operatorId: number): Promise<{ list: Passkey[] }> {
  const rows = await db
    .select()
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operatorId))
    .orderBy(asc(operatorPasskeys.id));
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** The options of a new passkey for the signed-in operator; its password and TOTP come first. */
export async function registrationOptions(db: Db, rp: RelyingParty, operator: Operator) {
  if (operator.setup === 'password' || operator.setup === 'totp') return fail('setupRequired');
  const existing = await db
    .select({ id: operatorPasskeys.credentialId, transports: operatorPasskeys.transports })
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, operator.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: operator.username,
    // Stable per operator: a new passkey on the same authenticator replaces the old one there.
    userID: isoUint8Array.fromUTF8String(`operator:${operator.id}`),
    userDisplayName: operator.username,
    attestationType: 'none',
    timeout: CEREMONY_TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(db, options.challenge, 'register', operator.id);
  return options as unknown as Record<string, unknown>;
}

/** Verifies the new credential against the operator's challenge, stores it, and audits it. */
export async function enrolPasskey(
  db: Db,
  rp: RelyingParty,
  operator: Operator,
  body: z.infer<typeof passkeyRegisterBodySchema>,
) {
  const clientData = clientDataOf(body.credential);
  await takeChallenge(db, clientData.challenge, 'register', operator.id);
  let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] | undefined };
  try {
    const result = await verifyRegistrationResponse({
      response: body.credential as RegistrationResponseJSON,
      expectedChallenge: clientData.challenge,
      expectedOrigin: expectedOrigins(rp, clientData.origin),
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) return fail('passkeyInvalid');
    credential = result.registrationInfo.credential;
  } catch {
    return fail('passkeyInvalid');
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operatorPasskeys)
      .values({
        operatorId: operator.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey as Uint8Array<ArrayBuffer>),
        counter: credential.counter,
        transports: credential.transports ?? body.credential.response.transports ?? [],
        name: body.name,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return fail('conflict');
    await audit(tx, {
      actor: operatorActor(operator.username),
      action: 'operator.passkey.add',
      target: operatorActor(operator.username),
      after: { passkey: String(row.id), name: row.name },
    });
  });
  return listPasskeys(db, operator.id);
}

/** Removes one of the operator's own passkeys, audited. */
export async function removePasskey(db: Db, operator: Operator, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(operatorPasskeys)
      .where(and(eq(operatorPasskeys.id, id), eq(operatorPasskeys.operatorId, operator.id)))
      .returning();
    if (!row) return fail('notFound');
    await audit(tx, {
      actor: operatorActor(operator.username),
      action: 'operator.passkey.remove',
      target: operatorActor(operator.username),
      before: { passkey: String(row.id), name: row.name },
    });
  });
  return listPasskeys(db, operator.id);
}

/** A sign-in challenge for any passkey (discoverable credentials: the passkey names its operator). */
export async function signInOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await storeChallenge(db, options.challenge, 'sign-in', null);
  return options as unknown as Record<string, unknown>;
}

/**
 * Signs in with a passkey: the challenge is taken (once), the signature and the signature counter
 * verified, and the session issued as after password and TOTP, with the same failure count and lock.
 */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  auth: OperatorAuth,
  body: z.infer<typeof passkeySignInBodySchema>,
  now: Date,
) {
  const clientData = clientDataOf(body.credential);
  await takeChallenge(db, clientData.challenge, 'sign-in', null);
  const [found] = await db
    .select({ passkey: operatorPasskeys, operator: operators })
    .from(operatorPasskeys)
    .innerJoin(operators, eq(operators.id, operatorPasskeys.operatorId))
    .where(eq(operatorPasskeys.credentialId, body.credential.id));
  if (!found) return fail('passkeyInvalid');
  const { passkey, operator } = found;
  if (operator.lockedUntil && operator.lockedUntil > now) {
    return failWith('operatorLocked', { until: lockTime(operator.lockedUntil) });
  }
  if (operator.disabled) throw new AppError('unauthorized');
  let newCounter: number | null = null;
  try {
    const result = await verifyAuthenticationResponse({
      response: body.credential as AuthenticationResponseJSON,
      expectedChallenge: clientData.challenge,
      expectedOrigin: expectedOrigins(rp, clientData.origin),
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    });
    if (result.verified) newCounter = result.authenticationInfo.newCounter;
  } catch {
    // A bad signature, or a counter that did not grow (a cloned authenticator): refused below.
  }
  // Conditional on the counter read, so that two sign-ins racing with one assertion cannot both pass.
  const [used] =
    newCounter === null
      ? []
      : await db
          .update(operatorPasskeys)
          .set({ counter: newCounter, lastUsedAt: now })
          .where(and(eq(operatorPasskeys.id, passkey.id), eq(operatorPasskeys.counter, passkey.counter)))
          .returning({ id: operatorPasskeys.id });
  if (!used) {
    await auth.recordFailure(operator.id, now);
    return fail('passkeyInvalid');
  }
  const session = await auth.signedIn(operator, now);
  await audit(db, {
    actor: operatorActor(operator.username),
    action: 'operator.passkey.signin',
    target: operatorActor(operator.username),
    after: { passkey: String(passkey.id), name: passkey.name },
  });
  return session;
}

/** The roles that must sign in with a passkey, replaced by the owner's choice, audited. */
export async function setPasskeyRoles(db: Db, roles: OperatorRole[], actor: string) {
  const chosen = [...new Set(roles)].sort();
  await db.transaction(async (tx) => {
    const before = await passkeyRoles(tx);
    await tx.delete(passkeyRequiredRoles);
    if (chosen.length) await tx.insert(passkeyRequiredRoles).values(chosen.map((role) => ({ role })));
    await audit(tx, { actor, action: 'operator.passkey.policy', before: { roles: before }, after: { roles: chosen } });
  });
  return { roles: await passkeyRoles(db) };
}
