import { z } from 'zod';
import { emailCodeSchema, emailSchema } from './content.ts';

/** The console's operators: roles, sign-in setup and the operators' management. */

/** Each role may make only its calls; the owner may make every call. */
export const OPERATOR_ROLES = ['owner', 'finance', 'content', 'support'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/**
 * What a session still has to do before it may use the console: change its password, enrol TOTP,
 * and, when its role requires passkeys and it has none, enrol a passkey (docs/operations.md, "Passkeys").
 */
export const SETUP_STEPS = ['password', 'totp', 'passkey'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

// ---------------------------------------------------------------------------------------------
// Accounts

export const operatorMeSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
  totpEnabled: z.boolean(),
  setup: z.enum(SETUP_STEPS).nullable(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

export const OPERATOR_PASSWORD_MIN = 12;
export const passwordChangeBodySchema = z.object({
  current: z.string().min(1).max(256),
  next: z.string().min(OPERATOR_PASSWORD_MIN).max(256),
});
/**
 * What the server takes: any new password up to 256 characters, so that a short one gets the
 * server's own message (its length is checked with the operator's other rules), where the console's
 * form checks `passwordChangeBodySchema` first.
 */
export const passwordChangeCallBodySchema = passwordChangeBodySchema.extend({ next: z.string().min(1).max(256) });

/** The secret to enrol in an authenticator app; `otpauthUrl` is what the QR code carries. */
export const totpSetupAnswerSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpCodeBodySchema = z.object({ code: z.string().regex(/^\d{6}$/) });

export const operatorRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRoleSchema,
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  failedLogins: z.number().int(),
  lockedUntil: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** How many passkeys the operator has enrolled. */
  passkeys: z.number().int(),
  /** Who last created, promoted or reset the account (docs/operations.md, "Approvers and vouching"). */
  setUpBy: z.string().nullable(),
  /** An approver that cannot decide four-eyes questions until another approver vouches for it. */
  vouchNeeded: z.boolean(),
  vouchedBy: z.string().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;
export const operatorListSchema = z.object({ list: z.array(operatorRowSchema) });

export const operatorCreateBodySchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_.-]{2,31}$/),
  role: operatorRoleSchema,
});
/** The one-time password is shown once; the operator changes it at first sign-in. */
export const operatorPasswordAnswerSchema = z.object({ id: z.string(), username: z.string(), password: z.string() });
export const operatorUpdateBodySchema = z.object({
  role: operatorRoleSchema.optional(),
  disabled: z.boolean().optional(),
});
export const idParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,18}$/) });

// ---------------------------------------------------------------------------------------------
// The address for security notices: docs/operations.md, "Settings that guard money"

/** The operator's own address: only a confirmed one (`email`) gets the notices. */
export const operatorEmailSchema = z.object({
  email: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** An address a code was mailed to and not yet entered, and until when the code is good. */
  pending: z.string().nullable(),
  pendingUntil: z.string().nullable(),
});
export type OperatorEmail = z.infer<typeof operatorEmailSchema>;
export const operatorEmailCodeBodySchema = z.object({ email: emailSchema });
export const operatorEmailConfirmBodySchema = z.object({ email: emailSchema, code: emailCodeSchema });

// ---------------------------------------------------------------------------------------------
// Passkeys (WebAuthn): docs/operations.md, "Passkeys"

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ list: z.array(passkeySchema) });

/** The browser's `PublicKeyCredentialCreationOptionsJSON` / `…RequestOptionsJSON`, passed through. */
export const passkeyOptionsSchema = z.record(z.string(), z.unknown());

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(16_384);
/** A credential as the browser returns it, in its JSON form (WebAuthn Level 3 `toJSON()`). */
const credentialJson = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.object({ clientDataJSON: base64url, ...response }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });

export const PASSKEY_NAME_MAX = 64;
export const passkeyRegisterBodySchema = z.object({
  name: z.string().trim().min(1).max(PASSKEY_NAME_MAX),
  credential: credentialJson({
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
});
export const passkeySignInBodySchema = z.object({
  credential: credentialJson({
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** The roles whose operators must sign in with a passkey instead of password and TOTP. */
export const passkeyPolicySchema = z.object({ roles: z.array(operatorRoleSchema) });
