import { z } from 'zod';

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
