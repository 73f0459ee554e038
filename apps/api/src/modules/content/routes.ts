import { API } from '@minecloud/contract/api-paths';
import {
  noticeGetQuerySchema,
  noticePageAnswerSchema,
  noticePageQuerySchema,
  noticeSchema,
  showNoticeAnswerSchema,
} from '@minecloud/contract/content';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { requestLocale, varyByLanguage } from '../../lib/locale.ts';
import { bearerToken } from '../auth/guard.ts';
import { noticeById, noticePage, showNotice } from './service.ts';

/**
 * Notices and articles: public; the pop-up notice is the member's own when signed in. Each answer is
 * in the request's language (Accept-Language), else English, else the Chinese base.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => varyByLanguage(reply));
  app.get(
    `/${API.noticePage}`,
    {
      schema: {
        tags: ['content'],
        querystring: noticePageQuerySchema,
        response: { 200: envelopeSchema(noticePageAnswerSchema) },
      },
    },
    async (request) => ok(await noticePage(app.db, request.query, requestLocale(request))),
  );
  app.get(
    `/${API.noticeGet}`,
    {
      schema: { tags: ['content'], querystring: noticeGetQuerySchema, response: { 200: envelopeSchema(noticeSchema) } },
    },
    async (request) => ok(await noticeById(app.db, request.query.id, requestLocale(request))),
  );
  app.post(
    `/${API.noticeShow}`,
    { schema: { tags: ['content'], response: { 200: envelopeSchema(showNoticeAnswerSchema) } } },
    async (request) => {
      const token = bearerToken(request);
      const session = token ? await app.tokens.verify(token) : null;
      return ok(await showNotice(app.db, session?.userId ?? null, requestLocale(request)));
    },
  );
};
