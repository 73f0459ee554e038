import type { Call } from '@minecloud/contract/calls';
import { MARKET_CALLS, ROUND_CALLS } from '@minecloud/contract/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { installCaching } from '../../lib/cacheable.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { klines } from './candles.ts';
import { coinDetail, coinList, marketTrend, roundsPage } from './service.ts';

/**
 * The market-data base (docs/api.md, "Bases and paths"): public, no token, cacheable. Its calls
 * are POSTs with a body, as clients have always called them; each is answered to GET with the same fields in the query string
 * too, because only a GET can be cached by browsers and proxies and revalidated with If-None-Match
 * (the member app uses GET). Both are declared in the contract (`MARKET_CALLS`).
 */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  installCaching(app, 15);
  const calls = MARKET_CALLS;

  /** One call as its POST (fields in the body) and its GET (the same fields in the query). */
  function both<I extends z.ZodType, O extends z.ZodType>(
    post: Omit<Call, 'body' | 'answer'> & { body: I; answer: O },
    get: Omit<Call, 'query' | 'answer'> & { query: I; answer: O },
    maxAge: number,
    handler: (input: z.infer<I>) => Promise<z.infer<O>>,
  ) {
    const config = { config: { maxAge } };
    // Validated by the declaration's schema; TypeScript cannot resolve its type for a generic `I`.
    declaredRoute(app, post, async (request) => ok(await handler(request.body as z.infer<I>)), config);
    declaredRoute(app, get, async (request) => ok(await handler(request.query as z.infer<I>)), config);
  }

  both(calls.coinList, calls.coinListGet, 15, (q) => coinList(app.db, q));
  both(calls.coinDetail, calls.coinDetailGet, 15, (q) => coinDetail(app.db, q.symbol));
  both(calls.kline, calls.klineGet, 30, (q) => klines(app.db, q, app.clock.now()));
  both(calls.trend, calls.trendGet, 30, () => marketTrend(app.db, app.clock.now()));
};

/** `guessPeriod/list` lives on the main base but is as public and cacheable as the market data. */
export const roundRoutes: FastifyPluginAsyncZod = async (app) => {
  installCaching(app, 10);
  declaredRoute(app, ROUND_CALLS.rounds, async (request) => ok(await roundsPage(app.db, request.query)));
};
