import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { openapiOptions } from '../lib/openapi.ts';

/** The OpenAPI document of every route (`/docs/json`), registered before the routes it collects. */
export const apiDocument: FastifyPluginAsync = fp(async (app) => {
  // Only the document is shaped there (ids, summaries, security, refusals); answers stay the routes'.
  await app.register(swagger, openapiOptions(app));
  // The API explorer lists every route and schema: in production only when DOCS_ENABLED says so.
  if (app.config.docsEnabled) await app.register(swaggerUi, { routePrefix: '/docs' });
});
