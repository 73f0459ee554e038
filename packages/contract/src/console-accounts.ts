import { z } from 'zod';

/** The console's operators: roles, sign-in setup and the operators' management. */

/** Each role may make only its calls; the owner may make every call. */
export const OPERATOR_ROLES = ['owner', 'finance', 'content', 'support'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

/** What a session still has to do before it may use the console: change its password, enrol TOTP. */
export const SETUP_STEPS = ['password', 'totp'] as const;
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
