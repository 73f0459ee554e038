import { CONTENT_CALLS } from '@minecloud/contract/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLocale, varyByLanguage } from '../../lib/locale.ts';
import { bearerToken } from '../auth/guard.ts';
import { noticeById, noticePage, showNotice } from './service.ts';

/**
 * Notices and articles, every call as the contract declares it (`CONTENT_CALLS`): public; the pop-up
 * notice is the member's own when signed in. Each answer is in the request's language
 * (Accept-Language), else English, else the Chinese base.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const calls = CONTENT_CALLS;
  app.addHook('onRequest', async (_request, reply) => varyByLanguage(reply));
  declaredRoute(app, calls.noticePage, async (request) =>
    ok(await noticePage(app.db, request.query, requestLocale(request))),
  );
  declaredRoute(app, calls.noticeGet, async (request) =>
    ok(await noticeById(app.db, request.query.id, requestLocale(request))),
  );
  declaredRoute(app, calls.noticeShow, async (request) => {
    const token = bearerToken(request);
    const session = token ? await app.tokens.verify(token) : null;
    return ok(await showNotice(app.db, session?.userId ?? null, requestLocale(request)));
  });
};
