import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Operator accounts of the console; separate from members, with their own sessions. Passwords are
 * argon2id hashes; TOTP (RFC 6238) is required before any call but the account's own set-up.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /** A one-time password (printed at first start, or set by an owner) must be changed first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * The TOTP secret sealed with a key of TOTP_KEYS (modules/auth/totp-secrets.ts), never in clear;
     * `totpKeyId` names that key (migration 0029).
     */
    totpSecret: text('totp_secret'),
    totpKeyId: text('totp_key_id'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who last created the account, gave it an approving role or reset its credentials: null for the
     * bootstrap owner and self-service changes. Such an account is that operator's hands until
     * someone else vouches for it (docs/operations.md, "Approvers and vouching").
     */
    setUpById: bigint('set_up_by_id', { mode: 'number' }).references((): AnyPgColumn => operators.id),
    /** An approver (owner or finance) set up after four eyes was established, not vouched for yet. */
    vouchNeeded: boolean('vouch_needed').notNull().default(false),
    vouchedById: bigint('vouched_by_id', { mode: 'number' }).references((): AnyPgColumn => operators.id),
    /** Set with `vouched_by_id`, or alone where a rule counts the account as vouched (first approver, migration). */
    vouchedAt: timestamp('vouched_at', { withTimezone: true }),
    /**
     * The address for security notices, set only once its mailed code was entered, with the language
     * it was confirmed in (docs/operations.md, "Settings that guard money").
     */
    email: text('email'),
    emailLocale: text('email_locale'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    check('operators_role_known', sql`${t.role} in ('owner','finance','content','support')`),
    check('operators_vouch_not_self', sql`${t.vouchedById} <> ${t.id} and ${t.vouchedById} <> ${t.setUpById}`),
    check('operators_email_confirmed', sql`(${t.email} is null) = (${t.emailConfirmedAt} is null)`),
  ],
);

/**
 * Facts of the platform that, once true, stay true: `four-eyes` is recorded when a second
 * independent approver first exists (docs/operations.md, "Approvers and vouching").
 */
export const platformFacts = pgTable('platform_facts', {
  fact: text('fact').primaryKey(),
  establishedAt: timestamp('established_at', { withTimezone: true }).notNull().defaultNow(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: uuid('id').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/**
 * Operators' passkeys (WebAuthn credentials): the credential's id and COSE public key (base64url),
 * its signature counter, and the transports the browser reported, to offer it again.
 */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('operator_passkeys_operator_idx').on(t.operatorId)],
);

/**
 * WebAuthn challenges: single use (taken by a delete) and short-lived, in the database so that any
 * API process may finish a ceremony another one started. `operatorId` is the enrolling operator;
 * a sign-in's challenge has none (the passkey names its operator).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose_known', sql`${t.purpose} in ('register','sign-in')`),
  ],
);

/** The roles whose operators must sign in with a passkey (docs/operations.md, "Passkeys"). */
export const passkeyRequiredRoles = pgTable(
  'passkey_required_roles',
  {
    role: text('role').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('passkey_required_roles_role_known', sql`${t.role} in ('owner','finance','content','support')`)],
);
