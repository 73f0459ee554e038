import { z } from 'zod';
import { API } from './api-paths.ts';
import { call } from './calls.ts';

/** EIP-4361 messages are a few hundred bytes; anything far larger is refused before parsing. */
export const SIWE_MESSAGE_MAX_LENGTH = 2048;
export const NONCE_TTL_SECONDS = 600;

export const nonceAnswerSchema = z.object({ nonce: z.string() });

export const loginBodySchema = z.object({
  message: z.string().min(1).max(SIWE_MESSAGE_MAX_LENGTH),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(2 + 65 * 2 * 4),
  inviteCode: z.string().trim().max(32).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const loginAnswerSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  userId: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const IDENTITIES = ['guest', 'regular', 'silver', 'gold'] as const;
export type Identity = (typeof IDENTITIES)[number];

export const userAnswerSchema = z.object({
  id: z.string(),
  address: z.string(),
  identity: z.enum(IDENTITIES),
  level: z.number().int(),
  email: z.string().nullable(),
  withdrawAddress: z.string().nullable(),
  inviteCodes: z.array(z.object({ department: z.number().int(), code: z.string() })),
  balances: z.object({ GOLD: z.string(), USDT: z.string(), BTC: z.string() }),
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/**
 * Signing in and out (paths: `API`). The member's profile (`API.userGet`) is registered by hand
 * (modules/user/routes.ts): its statement checks the session itself, which the member guard of a
 * declared call would do again.
 */
export const AUTH_CALLS = {
  userGet: call({
    method: 'GET',
    path: API.userGet,
    tag: 'user',
    summary: "The member's profile",
    auth: 'member',
    money: false,
    answer: userAnswerSchema,
  }),
  nonce: call({
    method: 'GET',
    path: API.nonce,
    tag: 'auth',
    summary: 'Get a one-time nonce to sign in with',
    auth: 'public',
    money: false,
    answer: nonceAnswerSchema,
  }),
  login: call({
    method: 'POST',
    path: API.login,
    tag: 'auth',
    summary: 'Sign in with a signed wallet message',
    auth: 'public',
    money: false,
    body: loginBodySchema,
    answer: loginAnswerSchema,
  }),
  logout: call({
    method: 'POST',
    path: API.logout,
    tag: 'auth',
    summary: 'Sign out: revoke this token',
    auth: 'member',
    money: false,
    answer: z.null(),
  }),
};
