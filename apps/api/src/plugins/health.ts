import type { FastifyPluginAsync } from 'fastify';

/** Liveness (the process answers) and readiness (its database answers), for the load balancer. */
export const health: FastifyPluginAsync = async (app) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
};
