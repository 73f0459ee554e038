import { z } from 'zod';
import { API, MARKET_API } from './api-paths.ts';
import { call } from './calls.ts';
import { pageQuerySchema, pageSchema } from './envelope.ts';

/**
 * Market data (the public market base `/market-api/`, docs/api.md) and the up/down rounds
 * (docs/economy.md, "Up/down rounds"). Prices are exact decimal strings as the source gave them
 * ("37012.5"), never floats. Every answer names its source: `exchange` (a real exchange's public
 * REST data) or `simulated` (the embedded default's deterministic feed), which the app shows
 * wherever prices are shown.
 */

export const MARKET_SOURCES = ['exchange', 'simulated'] as const;
export const marketSourceSchema = z.enum(MARKET_SOURCES);
export type MarketSource = z.infer<typeof marketSourceSchema>;

/** A price or volume as the source gave it, trailing zeros trimmed. */
export const priceTextSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const KLINE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d', '1w', '1M'] as const;
export const klineIntervalSchema = z.enum(KLINE_INTERVALS);
export type KlineInterval = z.infer<typeof klineIntervalSchema>;

/**
 * Most candles one getKlineInfo call returns per interval (past it, the range prompt's "must not
 * exceed"). 5- and 15-minute candles reach back two days (the minutes kept on a fresh back-fill),
 * 4-hour ones 60 days.
 */
export const KLINE_LIMITS: Record<KlineInterval, number> = {
  '1m': 1440,
  '5m': 576,
  '15m': 192,
  '1h': 720,
  '4h': 360,
  '1d': 365,
  '1w': 104,
  '1M': 60,
};
/**
 * The unit of time an interval's range is counted in, and how many of that unit one candle spans:
 * the "must not exceed" prompt and the candlestick page's range both speak in it (at
 * most 576 five-minute candles: "minutes must not exceed 2880").
 */
export type KlineSpanUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months';
export const KLINE_SPANS: Record<KlineInterval, { unit: KlineSpanUnit; per: number }> = {
  '1m': { unit: 'minutes', per: 1 },
  '5m': { unit: 'minutes', per: 5 },
  '15m': { unit: 'minutes', per: 15 },
  '1h': { unit: 'hours', per: 1 },
  '4h': { unit: 'hours', per: 4 },
  '1d': { unit: 'days', per: 1 },
  '1w': { unit: 'weeks', per: 1 },
  '1M': { unit: 'months', per: 1 },
};
/** How many candles a call without `limit` gets. */
export const KLINE_DEFAULT_LIMIT = 120;

/** Query strings carry booleans as text; JSON bodies as booleans: both are accepted. */
const flagSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A symbol as the exchange spells it: base and quote asset, e.g. BTCUSDT. */
export const symbolSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,20}$/);

export const coinRowSchema = z.object({
  symbol: z.string(),
  /** The coin, e.g. BTC. */
  base: z.string(),
  name: z.string(),
  /** A public chain's own coin (shown in the public chain zone). */
  chain: z.boolean(),
  /** Latest price in USDT; null until the feed has delivered one. */
  price: priceTextSchema.nullable(),
  /** Change over the last 24 hours in percent, e.g. "-1.25". */
  change24hPct: priceTextSchema.nullable(),
  high24h: priceTextSchema.nullable(),
  low24h: priceTextSchema.nullable(),
  /** Base-asset volume over the last 24 hours. */
  volume24h: priceTextSchema.nullable(),
  source: marketSourceSchema.nullable(),
  /** When the source last reported these figures. */
  asOf: z.string().nullable(),
});
export type CoinRow = z.infer<typeof coinRowSchema>;

export const coinInfoListBodySchema = pageQuerySchema.extend({
  /** Only public chains' coins (the chain zone). */
  chain: flagSchema.optional(),
});
export const coinInfoListAnswerSchema = pageSchema(coinRowSchema);
export type CoinInfoList = z.infer<typeof coinInfoListAnswerSchema>;

export const coinDetailBodySchema = z.object({ symbol: symbolSchema });
export const coinDetailAnswerSchema = coinRowSchema.extend({
  /** Price 24 hours ago, and the USDT traded in the last 24 hours. */
  open24h: priceTextSchema.nullable(),
  quoteVolume24h: priceTextSchema.nullable(),
  /** Open time of the newest stored 1-minute candle. */
  lastCandleAt: z.string().nullable(),
});
export type CoinDetail = z.infer<typeof coinDetailAnswerSchema>;

export const klineBodySchema = z.object({
  symbol: symbolSchema,
  interval: klineIntervalSchema,
  /** Candles wanted, newest last; over KLINE_LIMITS[interval] gives the "must not exceed" prompt. */
  limit: z.coerce.number().int().min(1).default(KLINE_DEFAULT_LIMIT),
  /** The newest candle is the one containing this instant (ISO time); default now. */
  endTime: z.iso.datetime({ offset: true }).optional(),
});

export const candleSchema = z.object({
  /** Open time (ISO, UTC); days, weeks (from Monday) and months are UTC periods, as on the exchange. */
  time: z.string(),
  open: priceTextSchema,
  high: priceTextSchema,
  low: priceTextSchema,
  close: priceTextSchema,
  volume: priceTextSchema,
});
export type Candle = z.infer<typeof candleSchema>;

export const klineAnswerSchema = z.object({
  symbol: z.string(),
  interval: klineIntervalSchema,
  list: z.array(candleSchema),
  /** Null when no candle is stored for the range. */
  source: marketSourceSchema.nullable(),
});
export type KlineInfo = z.infer<typeof klineAnswerSchema>;

/** Hourly closes of the last 24 hours, oldest first, for the trend line. */
export const trendRowSchema = coinRowSchema.extend({ trend: z.array(priceTextSchema) });
export type TrendRow = z.infer<typeof trendRowSchema>;

/** No fields; a POST may come without a body. */
export const marketTrendBodySchema = z.object({}).nullish();
export const marketTrendAnswerSchema = z.object({
  list: z.array(trendRowSchema),
  /** How many coins rose, fell and stayed flat over 24 hours. */
  rising: z.number().int(),
  falling: z.number().int(),
  unchanged: z.number().int(),
  source: marketSourceSchema.nullable(),
  asOf: z.string().nullable(),
});
export type MarketTrend = z.infer<typeof marketTrendAnswerSchema>;

/** Round lengths in minutes: the chart and lottery periods. */
export const ROUND_PERIODS = [1, 3] as const;
export const roundPeriodSchema = z.coerce
  .number()
  .int()
  .refine((p): p is 1 | 3 => p === 1 || p === 3, 'period is 1 or 3');
export const ROUND_RESULTS = ['up', 'down', 'flat', 'pending'] as const;
export const roundResultSchema = z.enum(ROUND_RESULTS);
export type RoundResult = z.infer<typeof roundResultSchema>;

export const roundsQuerySchema = pageQuerySchema.extend({ period: roundPeriodSchema.default(1) });
export const roundSchema = z.object({
  /** yyyyMMdd and the round's place in that day (settlement time zone), e.g. 202611230725. */
  periodNo: z.number().int(),
  period: z.number().int(),
  symbol: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  /** Open of the 1-minute candle at startAt; null while that candle is missing. */
  openPrice: priceTextSchema.nullable(),
  /** Close of the 1-minute candle that ends at endAt; null while that candle is missing. */
  closePrice: priceTextSchema.nullable(),
  /** up: close > open, down: close < open, flat: equal; pending while a candle is missing. */
  result: roundResultSchema,
  settledAt: z.string().nullable(),
  source: marketSourceSchema.nullable(),
});
export type Round = z.infer<typeof roundSchema>;
export const roundsAnswerSchema = pageSchema(roundSchema);
export type RoundsPage = z.infer<typeof roundsAnswerSchema>;

/**
 * A market call as clients have always made it, a POST with its fields in the body (docs/api.md,
 * "Bases and paths").
 */
function postCall<const P extends string, I extends z.ZodType, O extends z.ZodType>(
  path: P,
  summary: string,
  body: I,
  answer: O,
) {
  return call({ method: 'POST', path, tag: 'market', summary, auth: 'public', money: false, body, answer });
}

/** A POST call (`postCall`) as a GET with its fields in the query string, which browsers and proxies can cache. */
function getCall<const P extends string, I extends z.ZodType, O extends z.ZodType>(post: {
  path: P;
  summary: string;
  body: I;
  answer: O;
}) {
  const { path, summary, body, answer } = post;
  return call({ method: 'GET', path, tag: 'market', summary, auth: 'public', money: false, query: body, answer });
}

const COIN_LIST = 'Coins with price and 24-hour change, paged';
const COIN_DETAIL = "One coin's market detail";
const KLINE = "A coin's candles (K-line)";
const TREND = 'Market trend';

/**
 * The market base's calls (`MARKET_API`), each as a POST and as a GET (`…Get`): two declarations
 * of one path, one summary. Built inside the table, so that a bundle taking only its types drops it.
 */
export const MARKET_CALLS = {
  coinList: postCall(MARKET_API.coinList, COIN_LIST, coinInfoListBodySchema, coinInfoListAnswerSchema),
  coinListGet: getCall(postCall(MARKET_API.coinList, COIN_LIST, coinInfoListBodySchema, coinInfoListAnswerSchema)),
  coinDetail: postCall(MARKET_API.coinDetail, COIN_DETAIL, coinDetailBodySchema, coinDetailAnswerSchema),
  coinDetailGet: getCall(postCall(MARKET_API.coinDetail, COIN_DETAIL, coinDetailBodySchema, coinDetailAnswerSchema)),
  kline: postCall(MARKET_API.kline, KLINE, klineBodySchema, klineAnswerSchema),
  klineGet: getCall(postCall(MARKET_API.kline, KLINE, klineBodySchema, klineAnswerSchema)),
  trend: postCall(MARKET_API.trend, TREND, marketTrendBodySchema, marketTrendAnswerSchema),
  trendGet: getCall(postCall(MARKET_API.trend, TREND, marketTrendBodySchema, marketTrendAnswerSchema)),
};

/** The up/down rounds, on the main base but as public and cacheable as the market data. */
export const ROUND_CALLS = {
  rounds: call({
    method: 'GET',
    path: API.rounds,
    tag: 'market',
    summary: 'Guess rounds, paged',
    auth: 'public',
    money: false,
    query: roundsQuerySchema,
    answer: roundsAnswerSchema,
  }),
};
