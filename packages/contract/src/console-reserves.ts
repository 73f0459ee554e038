import { z } from 'zod';

/**
 * The console's reserve addresses: the cold addresses an operator adds, the signatures
 * they make offline with `npm run reserves:sign` (the file's format is here, so that the command,
 * the console and the server read the same thing), and the published solvency days at a glance.
 */

/** The `format` of the file `npm run reserves:sign` writes. */
export const RESERVE_FILE_FORMAT = 'minecloud-reserve-signatures-v1';
/** The most days one file (one upload) may sign. */
export const RESERVE_SIGN_MAX_DAYS = 400;
/** How far ahead the console counts signed days, today included. */
export const RESERVE_AHEAD_DAYS = 31;
/** How many published days the console shows. */
export const RESERVE_SHOWN_DAYS = 30;

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const daySchema = z.string().refine(isCalendarDay, 'a day as YYYY-MM-DD');
/** Lower-case hex, as stored and published. */
const lowerAddressSchema = z.string().regex(/^0x[0-9a-f]{40}$/);
/** 65 bytes of an EIP-191 signature, hex. */
const signatureSchema = z.string().regex(/^0x[0-9a-fA-F]{130}$/);

/** One signed day of the file: `message` is `reserveMessage(chainId, address, day)` (solvency.ts). */
export const reserveSignedDaySchema = z.object({
  day: daySchema,
  message: z.string().max(300),
  signature: signatureSchema,
});
export type ReserveSignedDay = z.infer<typeof reserveSignedDaySchema>;

/** What `npm run reserves:sign` writes and the console uploads as it is. */
export const reserveSignatureFileSchema = z.object({
  format: z.literal(RESERVE_FILE_FORMAT),
  chainId: z.number().int().positive(),
  address: lowerAddressSchema,
  signatures: z
    .array(reserveSignedDaySchema)
    .min(1)
    .max(RESERVE_SIGN_MAX_DAYS)
    .refine((list) => new Set(list.map((s) => s.day)).size === list.length, 'each day once'),
});
export type ReserveSignatureFile = z.infer<typeof reserveSignatureFileSchema>;

/** A cold address to add: any letter case (lower-cased when stored), and a label to tell it by. */
export const reserveAddBodySchema = z.object({
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/),
  label: z.string().trim().min(1).max(64),
});
export type ReserveAddBody = z.infer<typeof reserveAddBodySchema>;

export const reserveAddressParamsSchema = z.object({ address: z.string().max(64) });
/** A cold address added, and one removed. */
export const reserveAddedSchema = z.object({ address: z.string(), label: z.string(), addedAt: z.string() });
export const reserveRemovedSchema = z.object({ address: z.string(), removedAt: z.string() });

/** A cold address with how far ahead it is signed, from today (the settlement time zone's day). */
export const coldReserveSchema = z.object({
  address: lowerAddressSchema,
  label: z.string(),
  addedAt: z.string(),
  removedAt: z.string().nullable(),
  /** How many of the `RESERVE_AHEAD_DAYS` days from today on have a signature. */
  signedAhead: z.number().int(),
  /** The newest day with a signature, today or later; null when none. */
  lastSignedDay: z.string().nullable(),
  /**
   * The first of today and tomorrow without a signature: that day's snapshot will not count the
   * address. Null when both are signed, or when the address is removed.
   */
  unsignedSoon: z.string().nullable(),
});
export type ColdReserve = z.infer<typeof coldReserveSchema>;

/** One published solvency day, as the console lists it. */
export const reserveDayRowSchema = z.object({
  day: z.string(),
  chainId: z.number().int(),
  assets: z.array(
    z.object({
      asset: z.string(),
      /** reserves ÷ liabilities, 4 decimals; null without reserves or liabilities. */
      ratio: z.string().nullable(),
      /** Reserves ≥ liabilities; null without reserves. */
      covered: z.boolean().nullable(),
    }),
  ),
  anchor: z
    .object({
      txHash: z.string(),
      /** The block that holds it; null until it is mined. */
      blockNumber: z.string().nullable(),
    })
    .nullable(),
  /** Why the anchor was not sent, when it was not. */
  anchorError: z.string().nullable(),
  publishedAt: z.string(),
});
export type ReserveDayRow = z.infer<typeof reserveDayRowSchema>;

export const reservesAnswerSchema = z.object({
  chainId: z.number().int(),
  /** Today in the settlement time zone: the window of `signedAhead` starts here. */
  today: z.string(),
  /** The payout hot wallet (lower-case), signed by the server; null without a chain and PAYOUT_KEY. */
  hotWallet: z.string().nullable(),
  /** Every cold address ever added, removed ones last. */
  cold: z.array(coldReserveSchema),
  /** The newest published days, newest first. */
  days: z.array(reserveDayRowSchema),
});
export type ReservesAnswer = z.infer<typeof reservesAnswerSchema>;

export const reserveUploadAnswerSchema = z.object({
  address: z.string(),
  chainId: z.number().int(),
  /** Days stored (new or again). */
  stored: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type ReserveUploadAnswer = z.infer<typeof reserveUploadAnswerSchema>;
