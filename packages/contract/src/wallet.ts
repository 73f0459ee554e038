import { z } from 'zod';
import { API } from './api-paths.ts';
import { assetSchema } from './asset.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';
import { WITHDRAWAL_STATES } from './withdrawal-states.ts';

/**
 * Money in and out on chain (docs/economy.md, "Withdrawals and deposits"): withdrawals to a wallet,
 * reviewed by operators and paid by the payout worker; deposits credited from a transaction hash.
 */

export const WITHDRAW_ASSETS = ['USDT', 'BTC'] as const;
export const withdrawAssetSchema = z.enum(WITHDRAW_ASSETS);
export type WithdrawAsset = z.infer<typeof withdrawAssetSchema>;

/**
 * The keys of `limits` in `biz-config/get/basic` that the wallet screens read (all decimal strings
 * but the address): fee and minimum per asset, the deposit address and the confirmations needed.
 * `features.deposits` says whether deposits by transaction hash are open.
 */
export const walletLimitKey = {
  fee: (asset: WithdrawAsset) => `withdrawFee${asset}`,
  min: (asset: WithdrawAsset) => `withdrawMin${asset}`,
  token: (asset: WithdrawAsset) => `token${asset}`,
  depositAddress: 'depositAddress',
  confirmations: 'confirmations',
} as const;

/** The quick-select shares of the available balance (spec: 50%, 75% and All), in percent. */
export const WITHDRAW_QUICK_PERCENTS = [50, 75, 100] as const;

/**
 * `…-record/withdraw`. Empty fields are accepted by the schema so that the server can answer the
 * spec's own prompts (Enter Amount, Invalid Address, …) rather than a generic 400.
 */
export const withdrawBodySchema = z.object({
  amount: z.string().trim().max(40),
  address: z.string().trim().max(100),
  emailCode: z.string().trim().max(12),
});
export const withdrawAnswerSchema = z.object({ withdrawalId: z.string(), status: z.string() });

/** The address book: at most this many saved addresses per member, labels of up to 30 characters. */
export const ADDRESS_BOOK_MAX = 20;
export const ADDRESS_LABEL_MAX = 30;
export const savedAddressSchema = z.object({
  id: z.string(),
  address: z.string(),
  label: z.string(),
  /** From when a withdrawal may go to it. */
  usableAt: z.string(),
  usable: z.boolean(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export const addressBookSchema = z.object({
  list: z.array(savedAddressSchema),
  /** `withdraw.newAddressHours`: 0 means no wait, and any address may receive a withdrawal. */
  waitHours: z.number().int(),
});
export type AddressBook = z.infer<typeof addressBookSchema>;
export const addAddressBodySchema = z.object({
  address: z.string().trim().max(100),
  label: z.string().trim().max(ADDRESS_LABEL_MAX),
  emailCode: z.string().trim().max(12),
});
export const removeAddressBodySchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/**
 * What the member sees: processing 审核中 (in review, approved, being paid, confirming),
 * failed 审核失败 (rejected, funds back in available), arrived 已到账 (paid and confirmed).
 */
export const WITHDRAWAL_STATUSES = ['processing', 'failed', 'arrived'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * The stages of a withdrawal's timeline, in the order they can happen. `resent` is a payout sent
 * again after its transaction failed on chain (a new nonce; the failed one moved nothing).
 */
export const WITHDRAWAL_STAGES = [
  'submitted',
  'approved',
  'secondApproved',
  'sent',
  'reverted',
  'confirmed',
  'rejected',
] as const;
export type WithdrawalStage = (typeof WITHDRAWAL_STAGES)[number];

export const withdrawalEventSchema = z.object({
  stage: z.enum(WITHDRAWAL_STAGES),
  at: z.string(),
  txHash: z.string().nullable(),
});
export type WithdrawalEvent = z.infer<typeof withdrawalEventSchema>;

export const withdrawalSchema = z.object({
  id: z.string(),
  asset: withdrawAssetSchema,
  /** Taken from the balance. */
  amount: z.string(),
  fee: z.string(),
  /** What arrives at the address: amount − fee. */
  received: z.string(),
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Where it stands in the one vocabulary the list, the timeline and the console share (withdrawal-states.ts). */
  state: z.enum(WITHDRAWAL_STATES),
  /** Why it was rejected, in the operator's words. */
  reason: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  createdAt: z.string(),
  timeline: z.array(withdrawalEventSchema),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageQuerySchema = pageQuerySchema.extend({ asset: withdrawAssetSchema.optional() });
export const withdrawalPageSchema = pageSchema(withdrawalSchema);

/** A transaction hash: 0x and 64 hex digits. */
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
export const depositBodySchema = z.object({ txHash: z.string().trim().max(80) });
export const DEPOSIT_STATUSES = ['confirming', 'credited', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** Why a deposit was not credited. */
export const DEPOSIT_REASONS = [
  'notFound',
  'failedOnChain',
  'notToPlatform',
  'unsupportedToken',
  'notFromYourWallet',
  'mixedTokens',
  'tooSmall',
] as const;
export type DepositReason = (typeof DEPOSIT_REASONS)[number];
export const depositSchema = z.object({
  id: z.string(),
  txHash: z.string(),
  asset: withdrawAssetSchema.nullable(),
  amount: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.enum(DEPOSIT_REASONS).nullable(),
  confirmations: z.number().int().nullable(),
  requiredConfirmations: z.number().int(),
  createdAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositAnswerSchema = depositSchema;
export const depositPageSchema = pageSchema(depositSchema);

/** Operator review (`/admin-api/withdrawals/*`). */
export const ADMIN_WITHDRAWAL_STATUSES = [
  'review',
  'secondReview',
  'approved',
  'paying',
  'payoutFailed',
  'payoutUnclear',
  'arrived',
  'rejected',
] as const;
export type AdminWithdrawalStatus = (typeof ADMIN_WITHDRAWAL_STATUSES)[number];
export const adminWithdrawalPageQuerySchema = pageQuerySchema.extend({
  status: z.enum(ADMIN_WITHDRAWAL_STATUSES).optional(),
});
/**
 * What a reviewer weighs beside the request: the member's money and history. `deposited`,
 * `withdrawn` (arrived) and `pending` (this member's withdrawals not yet final, this one included)
 * are in the withdrawal's asset; `adjustments` are operator credits received, per asset;
 * `addressUses` counts this member's earlier withdrawals to the same address and `addressMembers`
 * the OTHER members who withdrew to it.
 */
export const reviewContextSchema = z.object({
  memberSince: z.string(),
  balances: z.array(z.object({ asset: assetSchema, available: z.string(), locked: z.string() })),
  deposited: z.string(),
  withdrawn: z.string(),
  pending: z.string(),
  adjustments: z.array(z.object({ asset: assetSchema, count: z.number().int(), sum: z.string() })),
  rejections: z.number().int(),
  addressUses: z.number().int(),
  addressMembers: z.number().int(),
});
export type ReviewContext = z.infer<typeof reviewContextSchema>;
export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  memberAddress: z.string(),
  reviewStatus: z.enum(ADMIN_WITHDRAWAL_STATUSES),
  firstApprover: z.string().nullable(),
  secondApprover: z.string().nullable(),
  needsSecondApproval: z.boolean(),
  payoutAttempts: z.number().int(),
  /** The live payout transaction's nonce and sender (the hot wallet): what to look up on an explorer. */
  payoutNonce: z.number().int().nullable().optional(),
  payoutFrom: z.string().nullable().optional(),
  context: reviewContextSchema,
});
/** `payoutsRunning` is false on a server without a chain: approving then pauses, it does not pay. */
export const adminWithdrawalPageSchema = pageSchema(adminWithdrawalSchema).extend({ payoutsRunning: z.boolean() });
export const reviewBodySchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/),
  reason: z.string().trim().max(300).optional(),
});
export const reviewAnswerSchema = z.object({ id: z.string(), status: z.enum(ADMIN_WITHDRAWAL_STATUSES) });
/**
 * A payout the worker could not follow (`payoutUnclear`): the operator names the transaction that
 * took its nonce, found on a block explorer; the server checks it on chain, then pays again. (Its
 * console path; ADMIN_API may take it over.)
 */
export const PAYOUT_REPLACED_PATH = 'withdrawals/payout-replaced';
export const payoutReplacedBodySchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,17}$/),
  replacedBy: z.string().trim().regex(TX_HASH_PATTERN),
});
/** An operator declares a member account as their own: they may never approve its withdrawals. */
export const operatorMemberBodySchema = z.object({
  operator: z.string().trim().min(1).max(64),
  userId: z.string().regex(/^[1-9]\d{0,15}$/),
});

const withdraw = <P extends string>(asset: 'USDT' | 'BTC', path: P) =>
  call({
    method: 'POST',
    path,
    tag: 'wallet',
    summary: `Withdraw ${asset}`,
    auth: 'member',
    money: true,
    body: withdrawBodySchema,
    answer: withdrawAnswerSchema,
  });

/**
 * The member's wallet: withdrawals and their history, the address book, and deposits by
 * transaction hash, the area declared whole (calls.ts). Paths: `API`.
 */
export const WALLET_CALLS = {
  usdtWithdraw: withdraw('USDT', API.usdtWithdraw),
  btcWithdraw: withdraw('BTC', API.btcWithdraw),
  withdrawals: call({
    method: 'GET',
    path: API.withdrawals,
    tag: 'wallet',
    summary: "The member's withdrawals, paged",
    auth: 'member',
    money: false,
    query: withdrawalPageQuerySchema,
    answer: withdrawalPageSchema,
  }),
  addressBook: call({
    method: 'GET',
    path: API.addressBook,
    tag: 'wallet',
    summary: "The member's saved withdrawal addresses, with the wait for new ones",
    auth: 'member',
    money: false,
    answer: addressBookSchema,
  }),
  addressAdd: call({
    method: 'POST',
    path: API.addressAdd,
    tag: 'wallet',
    summary: 'Save a labelled withdrawal address, confirmed by email code and announced by mail',
    auth: 'member',
    money: false,
    body: addAddressBodySchema,
    answer: savedAddressSchema,
  }),
  addressRemove: call({
    method: 'POST',
    path: API.addressRemove,
    tag: 'wallet',
    summary: 'Remove a saved withdrawal address',
    auth: 'member',
    money: false,
    body: removeAddressBodySchema,
    answer: z.null(),
  }),
  depositSubmit: call({
    method: 'POST',
    path: API.depositSubmit,
    tag: 'wallet',
    summary: 'Report a deposit by its transaction hash',
    auth: 'member',
    // Not a money call (docs/api.md, "Idempotency-Key on money calls"): the transaction is credited
    // once by its hash, whoever submits it and however often (docs/economy.md, "Withdrawals and deposits").
    money: false,
    body: depositBodySchema,
    answer: depositAnswerSchema,
  }),
  depositPage: call({
    method: 'GET',
    path: API.depositPage,
    tag: 'wallet',
    summary: "The member's deposits, paged",
    auth: 'member',
    money: false,
    query: pageQuerySchema,
    answer: depositPageSchema,
  }),
};
