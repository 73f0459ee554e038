import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { API_BASE } from '@minecloud/contract/api-paths';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { periodsBehind } from './jobs/catch-up.ts';
import { ensureSystemAccounts } from './ledger/journal.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { frameworkError, installErrorHandling } from './lib/error-handler.ts';
import { sharedRateLimitStore } from './lib/limits.ts';
import { installMetrics } from './lib/metrics.ts';
import { serveStaticApps } from './lib/static-apps.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { businessFigures } from './modules/metrics/business.ts';
import { networkSourceOf } from './modules/network/configured.ts';
import type { NetworkSource } from './modules/network/source.ts';
import { type Chain, createChain } from './modules/wallet/chain.ts';
import { apiDocument } from './plugins/api-document.ts';
import { auth } from './plugins/auth.ts';
import { compression } from './plugins/compression.ts';
import { consoleApi } from './plugins/console-api.ts';
import { demo } from './plugins/demo.ts';
import { firstOperator } from './plugins/first-operator.ts';
import { health } from './plugins/health.ts';
import { liveStream } from './plugins/live-stream.ts';
import { mail } from './plugins/mail.ts';
import { memberApi } from './plugins/member-api.ts';
import { requestContext } from './plugins/request-context.ts';

export { COMPRESS_FROM_BYTES } from './plugins/compression.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    clock: Clock;
    /** The EVM chain of payouts and deposits; null without CHAIN_RPC_URL. */
    chain: Chain | null;
    /** Where the Bitcoin network's days come from: BTC_RPC_URL's node, the demo's simulated chain, or none. */
    network: NetworkSource | null;
  }
}

/** `/admin` and `/admin/` are one page; so are `/x` and `/x/` everywhere. */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true };

/** Largest JSON body any member call takes; uploads set their own limit. */
export const BODY_LIMIT = 64 * 1024;

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  serveApps?: boolean;
  /** Where "now" comes from; tests pass a settable clock. */
  clock?: Clock;
};

/**
 * Builds the whole app without listening (tests drive it with inject). A table of contents: each
 * concern is a plugin of its own (plugins/), in this order: what every route is added under (request
 * context, error handling, compression, rate limits, the API document, metrics), then the server's
 * keys and guards, the live stream, health checks and mail, then the three APIs, then the demo's
 * content and the first operator, and last the built apps.
 */
export async function buildApp({ config, database, logger, serveApps = true, clock = systemClock }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // A request line for every call of a member clicking (thousands an hour) buries what a developer
    // needs on the console: the one-time password, mail codes, errors. Errors are still logged
    // (lib/error-handler.ts); production keeps every request.
    logController: new LogController({ disableRequestLogging: config.nodeEnv === 'development' }),
    bodyLimit: BODY_LIMIT,
    frameworkErrors: frameworkError,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: ROUTER_OPTIONS,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('chain', createChain(config));
  app.decorate(
    'network',
    networkSourceOf(config, () => clock.now()),
  );

  await app.register(requestContext);
  installErrorHandling(app);
  await app.register(compression);
  // Counted in PostgreSQL, so each limit is one for all processes (lib/limits.ts).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(database.db) });
  await app.register(apiDocument);
  installMetrics(app, {
    token: config.metrics.token,
    figures: businessFigures(app, config.metrics.ledgerCheckMs, (now) => periodsBehind(app.db, now)),
  });

  await ensureSystemAccounts(database.db);
  await app.register(auth);
  await app.register(liveStream);
  await app.register(health);
  await app.register(mail);

  await app.register(memberApi, { prefix: API_BASE.main.slice(0, -1) });
  await app.register(marketRoutes, { prefix: API_BASE.market.slice(0, -1) });
  await app.register(consoleApi, { prefix: API_BASE.admin.slice(0, -1) });

  await app.register(demo);
  await app.register(firstOperator);
  if (serveApps) await serveStaticApps(app, { web: config.webDist, admin: config.adminDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
