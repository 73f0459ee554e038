import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE } from '@minecloud/contract/api-paths';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { jobAdminRoutes } from './jobs/admin-routes.ts';
import { periodsBehind } from './jobs/catch-up.ts';
import { ensureSystemAccounts } from './ledger/transfer.ts';
import { runInRequest } from './lib/audit.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { frameworkError, installErrorHandling } from './lib/error-handler.ts';
import { serverKeys, type TotpKeyring, type VapidKeys, vapidKeysOf } from './lib/keys.ts';
import { sharedRateLimitStore } from './lib/limits.ts';
import { installMetrics } from './lib/metrics.ts';
import { openapiOptions } from './lib/openapi.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { serveStaticApps } from './lib/static-apps.ts';
import { adjustmentAdminRoutes } from './modules/adjustments/admin-routes.ts';
import { auditRoutes } from './modules/admin/audit-routes.ts';
import { dashboardRoutes } from './modules/admin/dashboard-routes.ts';
import { memberRoutes } from './modules/admin/member-routes.ts';
import { operatorEmailRoutes } from './modules/admin/operator-email-routes.ts';
import { operatorRoutes } from './modules/admin/operator-routes.ts';
import { passkeyRoutes } from './modules/admin/passkey-routes.ts';
import { setupRoutes } from './modules/admin/setup-routes.ts';
import { signInRoutes } from './modules/admin/sign-in-routes.ts';
import { assetRoutes } from './modules/asset/routes.ts';
import { memberGuard, signedTokenGuard } from './modules/auth/guard.ts';
import { bootstrapOperator, consoleUrlOf, framedPassword } from './modules/auth/operator-accounts.ts';
import { createOperatorAuth, installOperatorAccess } from './modules/auth/operators.ts';
import { relyingPartyOf } from './modules/auth/passkeys.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createTokenService, loadMasterSecret } from './modules/auth/tokens.ts';
import { sealStoredTotpSecrets } from './modules/auth/totp-secrets.ts';
import { configAdminRoutes } from './modules/config/admin-routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { contentAdminRoutes } from './modules/content/admin-routes.ts';
import { seedDemoBanners } from './modules/content/banners.ts';
import { contentRoutes } from './modules/content/routes.ts';
import {
  seedDemo,
  seedDemoEquity,
  seedDemoLoosenDelay,
  seedDemoMiners,
  seedDemoNotices,
  seedDemoSupport,
  welcomeDemoFunds,
} from './modules/demo/seed.ts';
import { equityAdminRoutes } from './modules/equity/admin-routes.ts';
import { equityRoutes } from './modules/equity/routes.ts';
import { feedbackAdminRoutes } from './modules/feedback/admin-routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { mailAdminRoutes } from './modules/mail/admin-routes.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { type MailWorkerOptions, mailWorkerOptions } from './modules/mail/worker.ts';
import { marketRoutes, roundRoutes } from './modules/market/routes.ts';
import { businessFigures } from './modules/metrics/business.ts';
import { miningAdminRoutes } from './modules/mining/admin-routes.ts';
import { miningRoutes } from './modules/mining/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { poolRoutes } from './modules/pool/routes.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { StreamHub } from './modules/stream/hub.ts';
import { connectNats, natsPublisher, natsSubscriber } from './modules/stream/nats.ts';
import { StreamRelay } from './modules/stream/relay.ts';
import { streamRoutes } from './modules/stream/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { reserveAdminRoutes } from './modules/transparency/reserve-admin.ts';
import { transparencyRoutes } from './modules/transparency/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { walletAdminRoutes } from './modules/wallet/admin-routes.ts';
import { type Chain, createChain } from './modules/wallet/chain.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { memberWithdrawalStates } from './modules/wallet/withdrawals.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    clock: Clock;
    /** The EVM chain of payouts and deposits; null without CHAIN_RPC_URL. */
    chain: Chain | null;
    /** The mail worker's settings; the scheduler of a jobs process starts the worker with them. */
    mailWorker: MailWorkerOptions;
    /** Web Push: the VAPID pair (null: push is off) and its subject; the jobs process sends with them. */
    push: { vapid: VapidKeys | null; subject: string };
    /** The keys of operators' TOTP secrets at rest (TOTP_KEYS). */
    totpKeys: TotpKeyring;
    /** The first operator's one-time password, framed, for the console once the server is ready. */
    firstOperatorNotice: string | null;
  }
}

/**
 * What WalletConnect's client (sign-in page, when WALLETCONNECT_PROJECT_ID is set) reaches from the
 * member's browser: its relay, RPC, attestation and telemetry services, and the attestation iframe.
 */
const WALLETCONNECT_ORIGINS = {
  connect: [
    'wss://relay.walletconnect.org',
    'https://rpc.walletconnect.org',
    'https://verify.walletconnect.org',
    'https://verify.walletconnect.com',
    'https://pulse.walletconnect.org',
  ],
  frame: ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
};

/** `/admin` and `/admin/` are one page; so are `/x` and `/x/` everywhere. */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true };

/** API answers this large or larger are compressed when the client accepts br or gzip. */
export const COMPRESS_FROM_BYTES = 1024;
/** The paths whose answers may be compressed: the three API bases and the API's own document. */
const COMPRESSED_PATHS = [...Object.values(API_BASE), '/docs/'];

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

/** Builds the whole app (plugins, then modules) without listening; tests drive it with inject. */
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
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        // Plain http on a LAN or localhost must keep working; TLS is the proxy's job in production.
        upgradeInsecureRequests: null,
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The QR code reader where the browser has none of its own is WebAssembly (zxing-wasm), served
        // from here: compiling it needs 'wasm-unsafe-eval', which allows no JavaScript eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: [
          "'self'",
          ...(config.walletConnectProjectId ? WALLETCONNECT_ORIGINS.connect : []),
          // The public chain node the app asks to check the proof of solvency on chain.
          ...(config.chain.publicRpcUrl ? [new URL(config.chain.publicRpcUrl).origin] : []),
        ],
        ...(config.walletConnectProjectId ? { frameSrc: ["'self'", ...WALLETCONNECT_ORIGINS.frame] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security);
    reply.header('x-request-id', request.id);
    // The rest of the request runs in its context, so audit rows carry its id (lib/audit.ts).
    runInRequest(request.id, done);
  });
  installErrorHandling(app);

  // API answers of 1 KB or more in br or gzip, as the client accepts (market candles, lists, exports);
  // smaller ones stay as they are, so frequent small reads cost no compression. Only the API's paths:
  // the built apps' files come precompressed from the build (lib/static-apps.ts). Request bodies are
  // never inflated.
  app.addHook('onRoute', (route) => {
    if (!COMPRESSED_PATHS.some((prefix) => route.url.startsWith(prefix))) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    globalDecompression: false,
  });
  // Counted in PostgreSQL, so each limit is one for all processes (lib/limits.ts).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(database.db) });
  // Only the document is shaped there (ids, summaries, security, refusals); answers stay the routes'.
  await app.register(swagger, openapiOptions(app));
  // The API explorer lists every route and schema: in production only when DOCS_ENABLED says so.
  if (config.docsEnabled) await app.register(swaggerUi, { routePrefix: '/docs' });
  installMetrics(app, {
    token: config.metrics.token,
    figures: businessFigures(app, config.metrics.ledgerCheckMs, (now) => periodsBehind(app.db, now)),
  });

  await ensureSystemAccounts(database.db);
  // One key per purpose, none of them the master itself (docs/operations.md, "Keys and secrets").
  const master = await loadMasterSecret(database.db, config.jwtSecret);
  const keys = serverKeys(master, config.totpKeys);
  // The demo pushes out of the box, with a pair of its own master secret; elsewhere only a set pair.
  app.decorate('push', {
    vapid: vapidKeysOf(config.push.vapid, config.demo, master),
    subject: config.push.subject,
  });
  const tokens = createTokenService(database.db, keys.memberToken, config.tokenTtlSeconds);
  app.decorate('mailWorker', mailWorkerOptions(config, keys.mailSeal));
  app.decorate('totpKeys', keys.totp);
  await sealStoredTotpSecrets(database.db, keys.totp, app.log);
  app.decorate('tokens', tokens);
  app.decorate('requireMember', memberGuard(tokens));
  app.decorate('requireSignedToken', signedTokenGuard(tokens));
  // The live stream: this process's clients, fed by every process's changes through the relay of a
  // jobs process (modules/stream: relay.ts, hub.ts; with NATS_URL through NATS, nats.ts).
  const nats = config.natsUrl ? await connectNats(config.natsUrl, `minecloud ${config.mode} ${process.pid}`) : null;
  const stream = new StreamHub(database.db);
  await stream.start(
    database,
    nats
      ? { kind: 'nats', subscribe: natsSubscriber(nats) }
      : database.kind === 'pglite'
        ? { kind: 'local' }
        : { kind: 'notify' },
  );
  app.decorate('stream', stream);
  let relay: StreamRelay | null = null;
  if (config.mode !== 'api') {
    relay = new StreamRelay(
      database.db,
      nats
        ? { kind: 'nats', publish: natsPublisher(nats) }
        : database.kind === 'pglite'
          ? { kind: 'local', ordered: () => void stream.wake() }
          : { kind: 'notify' },
      (error) => app.log.warn({ err: error }, 'stream relay: will try again'),
    );
    relay.start();
  }
  app.decorate('streamRelay', relay);
  app.addHook('onClose', async () => {
    await relay?.stop();
    await stream.stop();
    await nats?.close();
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  // Mail is only queued here; the mail worker of the jobs processes sends it (modules/mail/worker.ts).
  const mailer = createMailer({
    sealKey: app.mailWorker.sealKey,
    showDemoCodes: config.demo && !config.smtpUrl,
    onDemoCode: (mail, code) =>
      app.log.info({ to: mail.to, template: mail.template, code }, 'demo mail, not sent: its code'),
  });
  await app.register(
    async (api) => {
      await api.register(authRoutes, {
        chainId: config.chainId,
        publicOrigin: config.publicOrigin,
        signInPerMinute: config.signInPerMinute,
        onSignUp: config.demo ? welcomeDemoFunds : undefined,
      });
      await api.register(userRoutes, { mailer, codesPerMinute: 10 });
      await api.register(assetRoutes, { moneyCallsPerMinute: config.moneyCallsPerMinute });
      await api.register(configRoutes, {
        chainId: config.chainId,
        demo: config.demo,
        wallet: {
          depositAddress: config.chain.rpcUrl ? (config.chain.depositAddress ?? null) : null,
          tokens: config.chain.tokens,
          publicRpcUrl: config.chain.publicRpcUrl,
        },
        walletConnectProjectId: config.walletConnectProjectId,
      });
      await api.register(miningRoutes, { moneyCallsPerMinute: config.moneyCallsPerMinute });
      await api.register(equityRoutes, { moneyCallsPerMinute: config.moneyCallsPerMinute });
      await api.register(teamRoutes, { publicOrigin: config.publicOrigin });
      await api.register(poolRoutes, { moneyCallsPerMinute: config.moneyCallsPerMinute });
      await api.register(roundRoutes);
      await api.register(transparencyRoutes);
      await api.register(walletRoutes, { moneyCallsPerMinute: config.moneyCallsPerMinute, mailer });
      await api.register(contentRoutes);
      await api.register(streamRoutes);
      await api.register(feedbackRoutes, {
        uploadsPerMinute: config.moneyCallsPerMinute,
        uploadBytesPerDay: config.uploadBytesPerDay,
      });
      await api.register(notificationRoutes, {
        withdrawalStates: (db, userId, ids) => memberWithdrawalStates(db, app.chain, userId, ids),
      });
      await api.register(pushRoutes, { production: config.production });
    },
    { prefix: API_BASE.main.slice(0, -1) },
  );
  await app.register(marketRoutes, { prefix: API_BASE.market.slice(0, -1) });

  await app.register(
    async (admin) => {
      installOperatorAccess(admin, createOperatorAuth(database.db, keys.operatorToken, keys.totp));
      await admin.register(signInRoutes, { loginsPerMinute: config.signInPerMinute });
      await admin.register(setupRoutes);
      await admin.register(passkeyRoutes, { loginsPerMinute: config.signInPerMinute, rp: relyingPartyOf(config) });
      await admin.register(operatorRoutes);
      await admin.register(operatorEmailRoutes, { mailer });
      await admin.register(dashboardRoutes);
      await admin.register(memberRoutes);
      await admin.register(adjustmentAdminRoutes);
      await admin.register(walletAdminRoutes);
      await admin.register(miningAdminRoutes);
      await admin.register(equityAdminRoutes);
      await admin.register(contentAdminRoutes);
      await admin.register(feedbackAdminRoutes);
      await admin.register(mailAdminRoutes);
      await admin.register(configAdminRoutes, { mailer });
      await admin.register(jobAdminRoutes);
      await admin.register(reserveAdminRoutes);
      await admin.register(auditRoutes);
    },
    { prefix: API_BASE.admin.slice(0, -1) },
  );
  if (config.demo && (await seedDemo(database.db))) app.log.info('demo catalogue seeded');
  if (config.demo && (await seedDemoMiners(database.db))) app.log.info('demo miners seeded');
  if (config.demo && (await seedDemoEquity(database.db))) app.log.info('demo equity round opened');
  if (config.demo && (await seedDemoNotices(database.db))) app.log.info('demo notices published');
  if (config.demo && (await seedDemoBanners(database.db))) app.log.info('demo banners added');
  if (config.demo && (await seedDemoSupport(database.db))) app.log.info('demo support email set');
  if (config.demo && (await seedDemoLoosenDelay(database.db))) app.log.info('demo loosening delay set to 0 h');
  const oneTimePassword = await bootstrapOperator(database.db, config.adminBootstrapPassword);
  // Shown once, on the console of the first start only (it is stored hashed): server.ts prints it
  // when the server is ready, after the start-up lines, where a person sees it.
  app.decorate(
    'firstOperatorNotice',
    oneTimePassword
      ? framedPassword({
          title: 'MineCloud: the first operator (an owner)',
          username: 'admin',
          password: oneTimePassword,
          consoleUrl: consoleUrlOf(config),
        })
      : null,
  );

  if (serveApps) await serveStaticApps(app, { web: config.webDist, admin: config.adminDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
