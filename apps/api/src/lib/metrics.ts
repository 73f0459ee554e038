import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorName } from '@minecloud/contract/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from './errors.ts';

/** What the rest of the app reports to /metrics. */
export type AppMetrics = {
  /** An error envelope (a non-zero code) was sent. */
  refused(name: ErrorName): void;
  /** A statement moved `calls` members' transfers together (money/member-transfers.ts). */
  movedTogether(calls: number): void;
  /** A statement read `calls` members' profiles together (modules/user/service.ts). */
  readTogether(calls: number): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by installMetrics; the error handler reports every refusal to it. */
    metrics?: AppMetrics;
  }
}

export type MetricsOptions = {
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
  /** Registers the app's own figures (app.ts: modules/metrics) beside the HTTP ones. */
  figures?: (registry: Registry) => void;
};

/** prom-client's default metrics whose collection is as long as the list of open handles. */
export const PER_HANDLE_METRICS = [
  'process_open_fds',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
] as const;

/**
 * Prometheus text at /metrics: process metrics, a request-duration histogram by route, refusals
 * by error code, and the figures `options.figures` registers.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Not these: each scrape of them walks every open handle or file descriptor, at once. An API
  // process holding 10,000 live streams spent about 30 ms of its event loop on them a scrape (1 ms
  // without), which the streams' members then waited for.
  for (const walksEveryHandle of PER_HANDLE_METRICS) registry.removeSingleMetric(walksEveryHandle);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'minecloud_refusals_total',
    help: 'Answers with a non-zero envelope code (business refusals answer HTTP 200), by error code name',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const transferStatements = new Counter({
    name: 'minecloud_member_transfer_statements_total',
    help: "Statements that moved members' transfers (gifts); calls_total / this is the calls per statement",
    registers: [registry],
  });
  const transferCalls = new Counter({
    name: 'minecloud_member_transfer_calls_total',
    help: "Members' transfer calls (gifts) those statements carried",
    registers: [registry],
  });
  const profileStatements = new Counter({
    name: 'minecloud_member_profile_statements_total',
    help: "Statements that read members' profiles; calls_total / this is the calls per statement",
    registers: [registry],
  });
  const profileCalls = new Counter({
    name: 'minecloud_member_profile_calls_total',
    help: "Members' profile calls those statements carried",
    registers: [registry],
  });
  app.decorate('metrics', {
    refused: (name: ErrorName) => refusals.inc({ code: name }),
    movedTogether: (calls: number) => {
      transferStatements.inc();
      transferCalls.inc(calls);
    },
    readTogether: (calls: number) => {
      profileStatements.inc();
      profileCalls.inc(calls);
    },
  } satisfies AppMetrics);
  options.figures?.(registry);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const { token } = options;
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request, reply) => {
        if (token === undefined || bearerMatches(request, token)) return;
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('unauthorized');
      },
    },
    async (_request, reply) => {
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
}

/**
 * Whether the request carries `Authorization: Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the given value's length or first differing byte.
 */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
