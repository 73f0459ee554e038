import { z } from 'zod';
import { ASSETS, type Asset, DECIMAL_PATTERN } from './amount.ts';
import { API } from './api-paths.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';
import { RECORD_KINDS } from './kinds.ts';

export const assetSchema = z.enum(ASSETS as [Asset, ...Asset[]]);
/** A decimal string; its scale and range are checked against the asset by the server. */
export const amountTextSchema = z.string().trim().min(1).max(40).regex(DECIMAL_PATTERN);
export const userIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,15}$/);

export const balanceRowSchema = z.object({
  asset: assetSchema,
  available: z.string(),
  locked: z.string(),
  earnings: z.string(),
});
export const balancesQuerySchema = z.object({ asset: assetSchema.optional() });
export const balancesAnswerSchema = z.object({ list: z.array(balanceRowSchema) });

const earned = z.object({ total: z.string(), available: z.string() });
export const earningsAnswerSchema = z.object({ USDT: earned, BTC: earned, referralTotalU: z.string() });

export const recordQuerySchema = pageQuerySchema.extend({ kind: z.enum(RECORD_KINDS).optional() });
export const recordSchema = z.object({
  id: z.string(),
  kind: z.string(),
  direction: z.enum(['in', 'out']),
  amount: z.string(),
  status: z.string().optional(),
  createdAt: z.string(),
});
export type AssetRecord = z.infer<typeof recordSchema>;
export const recordPageSchema = pageSchema(recordSchema);

export const claimBodySchema = z.object({ amount: amountTextSchema.optional() });
export const claimAnswerSchema = z.object({ claimed: z.string() });

export const giftBodySchema = z.object({ toUserId: userIdSchema, asset: assetSchema, amount: amountTextSchema });
export const giftAnswerSchema = z.object({ transferId: z.string() });
export const receiverQuerySchema = z.object({ userId: userIdSchema });
export const receiverAnswerSchema = z.object({ id: z.string(), address: z.string() });

export const topupBodySchema = z.object({ amountUsdt: amountTextSchema });
export const topupAnswerSchema = z.object({ gold: z.string(), paidUsdt: z.string() });

export const donateBodySchema = z.object({ asset: assetSchema, amount: amountTextSchema });
export const donateAnswerSchema = z.object({ donationId: z.string() });
export const donationSchema = z.object({
  id: z.string(),
  address: z.string(),
  asset: assetSchema,
  amount: z.string(),
  createdAt: z.string(),
});
export const donationPageSchema = pageSchema(donationSchema);

const records = <P extends string>(asset: 'USDT' | 'BTC' | 'GOLD', path: P) =>
  call({
    method: 'GET',
    path,
    tag: 'asset',
    summary: `The member's ${asset} records, paged`,
    auth: 'member',
    money: false,
    query: recordQuerySchema,
    answer: recordPageSchema,
  });
const claim = <P extends string>(asset: 'USDT' | 'BTC', path: P) =>
  call({
    method: 'POST',
    path,
    tag: 'asset',
    summary: `Claim ${asset} earnings`,
    auth: 'member',
    money: true,
    body: claimBodySchema,
    answer: claimAnswerSchema,
  });

/** The member's assets: balances, records, claims, gifts, top-ups and donations (paths: `API`). */
export const ASSET_CALLS = {
  earnings: call({
    method: 'GET',
    path: API.earnings,
    tag: 'asset',
    summary: "The member's earnings: totals and what is claimable",
    auth: 'member',
    money: false,
    answer: earningsAnswerSchema,
  }),
  balances: call({
    method: 'GET',
    path: API.balances,
    tag: 'asset',
    summary: "The member's balance per asset",
    auth: 'member',
    money: false,
    query: balancesQuerySchema,
    answer: balancesAnswerSchema,
  }),
  usdtRecords: records('USDT', API.usdtRecords),
  btcRecords: records('BTC', API.btcRecords),
  goldRecords: records('GOLD', API.goldRecords),
  usdtClaim: claim('USDT', API.usdtClaim),
  btcClaim: claim('BTC', API.btcClaim),
  gift: call({
    method: 'POST',
    path: API.gift,
    tag: 'asset',
    summary: 'Send an asset to another member',
    auth: 'member',
    money: true,
    body: giftBodySchema,
    answer: giftAnswerSchema,
  }),
  giftReceiver: call({
    method: 'GET',
    path: API.giftReceiver,
    tag: 'asset',
    summary: "A receiver's masked identity, before sending",
    auth: 'member',
    money: false,
    query: receiverQuerySchema,
    answer: receiverAnswerSchema,
  }),
  topup: call({
    method: 'POST',
    path: API.topup,
    tag: 'asset',
    summary: 'Top up GOLD with USDT',
    auth: 'member',
    money: true,
    body: topupBodySchema,
    answer: topupAnswerSchema,
  }),
  donate: call({
    method: 'POST',
    path: API.donate,
    tag: 'asset',
    summary: 'Donate an asset',
    auth: 'member',
    money: true,
    body: donateBodySchema,
    answer: donateAnswerSchema,
  }),
  donations: call({
    method: 'GET',
    path: API.donations,
    tag: 'asset',
    summary: 'Recent donations',
    auth: 'public',
    money: false,
    query: pageQuerySchema,
    answer: donationPageSchema,
  }),
};
