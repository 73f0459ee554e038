import compress from '@fastify/compress';
import { API_BASE } from '@minecloud/contract/api-paths';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** API answers this large or larger are compressed when the client accepts br or gzip. */
export const COMPRESS_FROM_BYTES = 1024;
/** The paths whose answers may be compressed: the three API bases and the API's own document. */
const COMPRESSED_PATHS = [...Object.values(API_BASE), '/docs/'];

/**
 * API answers of 1 KB or more in br or gzip, as the client accepts (market candles, lists, exports);
 * smaller ones stay as they are, so frequent small reads cost no compression. Only the API's paths:
 * the built apps' files come precompressed from the build (lib/static-apps.ts). Request bodies are
 * never inflated. Registered before the routes, whose `compress` it sets as they are added.
 */
export const compression: FastifyPluginAsync = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    if (!COMPRESSED_PATHS.some((prefix) => route.url.startsWith(prefix))) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_FROM_BYTES,
    globalDecompression: false,
  });
});
