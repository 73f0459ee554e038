import { z } from 'zod';
import { API } from './api-paths.ts';
import { amountTextSchema } from './asset.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';

/** The open equity round (docs/economy.md, "Equity investment"); null when none is open. */
export const equityRoundSchema = z.object({
  id: z.string(),
  totalShares: z.number().int(),
  sharesRemaining: z.number().int(),
  /** USDT per share. */
  pricePerShare: z.string(),
  /** Percent a year, e.g. "12" or "7.5". */
  annualYieldPct: z.string(),
  minQuantity: z.number().int(),
  termDays: z.number().int(),
  /** Percent of each day's static earnings paid in BTC (the rest in U). */
  btcSharePct: z.string(),
  /** The least USDT of earnings a reinvestment takes. */
  minReinvestU: z.string(),
  /** Equity trading between members: "still in development" while false. */
  tradingOpen: z.boolean(),
  /** Share repurchase by the platform: "not yet open" while false. */
  repurchaseOpen: z.boolean(),
});
export type EquityRound = z.infer<typeof equityRoundSchema>;
export const equityRoundAnswerSchema = equityRoundSchema.nullable();

/** Both optional so that a missing one gets its own message ("Enter Quantity", "Enter USDT Amount"). */
export const equityBuyBodySchema = z.object({ quantity: z.number().int().min(0).max(100_000_000).optional() });
export const equityBuyAnswerSchema = z.object({ orderId: z.string(), payment: z.string(), quantity: z.number().int() });
export const equityReinvestBodySchema = z.object({ amount: amountTextSchema.optional() });
/** `payment` is what the shares cost (whole shares only); the rest of `amount` stays in earnings. */
export const equityReinvestAnswerSchema = z.object({
  orderId: z.string(),
  quantity: z.number().int(),
  payment: z.string(),
});

export const EQUITY_ORDER_STATUSES = ['active', 'ended'] as const;
export type EquityOrderStatus = (typeof EQUITY_ORDER_STATUSES)[number];
export const equityOrdersQuerySchema = pageQuerySchema.extend({ status: z.enum(EQUITY_ORDER_STATUSES).optional() });
export const equityOrderSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  /** USDT paid. */
  payment: z.string(),
  pricePerShare: z.string(),
  annualYieldPct: z.string(),
  /** `buy` with USDT, or `reinvest` of earnings. */
  source: z.enum(['buy', 'reinvest']),
  status: z.enum(EQUITY_ORDER_STATUSES),
  createdAt: z.string(),
  endsAt: z.string(),
});
export type EquityOrder = z.infer<typeof equityOrderSchema>;
export const equityOrderPageSchema = pageSchema(equityOrderSchema);

export const equityOrderQuerySchema = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });
export const equityOrderDetailSchema = equityOrderSchema.extend({
  /** Static earnings this order has earned in total, per asset. */
  totalStaticU: z.string(),
  totalStaticBtc: z.string(),
  /**
   * What the member can claim now in each asset. Earnings of all orders (and other sources) share
   * one earnings account per asset, so this is the account's claimable balance, not this order's.
   */
  availableStaticU: z.string(),
  availableStaticBtc: z.string(),
  /** Daily static earnings of this order, newest first (at most 30). */
  days: z.array(
    z.object({
      day: z.string(),
      usdt: z.string(),
      btc: z.string(),
      /** USDT per BTC used for the BTC part. */
      btcPrice: z.string(),
      /** `market` (that day's last exchange close), `simulated` (the embedded demo feed's) or `fallback` (configured, while no candle exists). */
      priceSource: z.enum(['market', 'simulated', 'fallback']),
    }),
  ),
});

/** The member's equity dividends (static earnings) per settled day, oldest first: the equity page's chart. */
export const equityDailyYieldQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
export const equityDailyYieldAnswerSchema = z.object({
  list: z.array(
    z.object({
      day: z.string(),
      /** Paid in USDT and in BTC that day, all orders together. */
      usdt: z.string(),
      btc: z.string(),
      /** Both in USDT: the BTC part at the price it was paid at, rounded down to the USDT unit. */
      value: z.string(),
    }),
  ),
});
export type EquityDailyYield = z.infer<typeof equityDailyYieldAnswerSchema>['list'][number];

/**
 * Equity: the open round, buying and reinvesting shares, the member's orders and dividends, the
 * area declared whole (calls.ts). Paths: `API`.
 */
export const EQUITY_CALLS = {
  equityRound: call({
    method: 'GET',
    path: API.equityRound,
    tag: 'equity',
    summary: 'The equity round now open',
    auth: 'public',
    money: false,
    answer: equityRoundAnswerSchema,
  }),
  equityBuy: call({
    method: 'POST',
    path: API.equityBuy,
    tag: 'equity',
    summary: 'Buy equity shares',
    auth: 'member',
    money: true,
    body: equityBuyBodySchema,
    answer: equityBuyAnswerSchema,
  }),
  equityReinvest: call({
    method: 'POST',
    path: API.equityReinvest,
    tag: 'equity',
    summary: 'Reinvest USDT earnings in equity shares',
    auth: 'member',
    money: true,
    body: equityReinvestBodySchema,
    answer: equityReinvestAnswerSchema,
  }),
  equityOrders: call({
    method: 'GET',
    path: API.equityOrders,
    tag: 'equity',
    summary: "The member's equity orders, paged",
    auth: 'member',
    money: false,
    query: equityOrdersQuerySchema,
    answer: equityOrderPageSchema,
  }),
  equityOrder: call({
    method: 'GET',
    path: API.equityOrder,
    tag: 'equity',
    summary: 'One equity order of the member',
    auth: 'member',
    money: false,
    query: equityOrderQuerySchema,
    answer: equityOrderDetailSchema,
  }),
  equityDailyYield: call({
    method: 'GET',
    path: API.equityDailyYield,
    tag: 'equity',
    summary: "The member's equity dividends per day",
    auth: 'member',
    money: false,
    query: equityDailyYieldQuerySchema,
    answer: equityDailyYieldAnswerSchema,
  }),
};
