import { API, MARKET_API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import {
  coinDetailAnswerSchema,
  coinDetailBodySchema,
  coinInfoListAnswerSchema,
  coinInfoListBodySchema,
  klineAnswerSchema,
  klineBodySchema,
  marketTrendAnswerSchema,
  marketTrendBodySchema,
  roundsAnswerSchema,
  roundsQuerySchema,
} from '@minecloud/contract/market';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { installCaching } from '../../lib/cacheable.ts';
import { ok } from '../../lib/envelope.ts';
import { klines } from './candles.ts';
import { coinDetail, coinList, marketTrend, roundsPage } from './service.ts';

/**
 * The market-data base (docs/api.md, "Bases and paths"): public, no token, cacheable. Its calls
 * are POSTs with a body, as clients have always called them; each is answered to GET with the same fields in the query string
 * too, because only a GET can be cached by browsers and proxies and revalidated with If-None-Match
 * (the member app uses GET).
 */
export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  installCaching(app, 15);
  const tags = ['market'];

  function both<I extends z.ZodType, O extends z.ZodType>(
    path: string,
    input: I,
    answer: O,
    maxAge: number,
    handler: (input: z.infer<I>) => Promise<z.infer<O>>,
  ) {
    // The answer is checked by the serializer against `answer`; the generic shape is kept loose here.
    const response = { 200: envelopeSchema(answer) as z.ZodType };
    app.get(path, { schema: { tags, querystring: input, response }, config: { maxAge } }, async (request) =>
      ok(await handler(request.query as z.infer<I>)),
    );
    app.post(path, { schema: { tags, body: input, response }, config: { maxAge } }, async (request) =>
      ok(await handler(request.body as z.infer<I>)),
    );
  }

  both(`/${MARKET_API.coinList}`, coinInfoListBodySchema, coinInfoListAnswerSchema, 15, (q) => coinList(app.db, q));
  both(`/${MARKET_API.coinDetail}`, coinDetailBodySchema, coinDetailAnswerSchema, 15, (q) =>
    coinDetail(app.db, q.symbol),
  );
  both(`/${MARKET_API.kline}`, klineBodySchema, klineAnswerSchema, 30, (q) => klines(app.db, q, app.clock.now()));
  both(`/${MARKET_API.trend}`, marketTrendBodySchema, marketTrendAnswerSchema, 30, () =>
    marketTrend(app.db, app.clock.now()),
  );
};

/** `guessPeriod/list` lives on the main base but is as public and cacheable as the market data. */
export const roundRoutes: FastifyPluginAsyncZod = async (app) => {
  installCaching(app, 10);
  app.get(
    `/${API.rounds}`,
    {
      schema: {
        tags: ['market'],
        querystring: roundsQuerySchema,
        response: { 200: envelopeSchema(roundsAnswerSchema) },
      },
    },
    async (request) =>
      ok(await roundsPage(app.db, request.query as { period: 1 | 3; pageNo: number; pageSize: number })),
  );
};
