import {
  ADMIN_API,
  adminNoticeQuerySchema,
  CONSOLE_CALLS,
  noticePreviewAnswerSchema,
  noticePreviewBodySchema,
} from '@minecloud/contract/console';
import {
  adminIdParamsSchema,
  adminNoticePageSchema,
  adminNoticeSchema,
  noticeInputSchema,
} from '@minecloud/contract/content';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { catalogue } from '../../lib/catalogue.ts';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../auth/operators.ts';
import { allBanners, bannerById, createBanner, deleteBanner, updateBanner } from './banners.ts';
import { sanitizeHtml } from './sanitize.ts';
import { createNotice, operatorNotice, operatorNotices, setPublished, updateNotice } from './service.ts';

/** The content role's calls: banners and notices; every change writes an audit row in its transaction. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = { config: { access: { roles: ['content'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  catalogue(app, {
    name: 'banner',
    calls: {
      list: CONSOLE_CALLS.bannerList,
      add: CONSOLE_CALLS.bannerAdd,
      edit: CONSOLE_CALLS.bannerEdit,
      remove: CONSOLE_CALLS.bannerDelete,
    },
    all: allBanners,
    byId: bannerById,
    create: createBanner,
    update: updateBanner,
    remove: deleteBanner,
    actorOf,
  });

  app.get(
    `/${ADMIN_API.notices}`,
    {
      ...content,
      schema: {
        tags,
        security,
        querystring: adminNoticeQuerySchema,
        response: { 200: envelopeSchema(adminNoticePageSchema) },
      },
    },
    async (request) => ok(await operatorNotices(app.db, request.query)),
  );
  app.post(
    `/${ADMIN_API.notices}`,
    {
      ...content,
      schema: { tags, security, body: noticeInputSchema, response: { 200: envelopeSchema(adminNoticeSchema) } },
    },
    async (request) =>
      ok(
        await app.db.transaction(async (tx) => {
          const created = await createNotice(tx, request.body);
          await audit(tx, {
            actor: actorOf(request),
            action: 'notice.create',
            target: `notice:${created.id}`,
            after: created,
          });
          return created;
        }),
      ),
  );
  app.put(
    `/${ADMIN_API.notice}`,
    {
      ...content,
      schema: {
        tags,
        security,
        params: adminIdParamsSchema,
        body: noticeInputSchema,
        response: { 200: envelopeSchema(adminNoticeSchema) },
      },
    },
    async (request) =>
      ok(
        await app.db.transaction(async (tx) => {
          const before = await operatorNotice(tx, request.params.id);
          const after = await updateNotice(tx, request.params.id, request.body, app.clock.now());
          await audit(tx, {
            actor: actorOf(request),
            action: 'notice.edit',
            target: `notice:${after.id}`,
            before,
            after,
          });
          return after;
        }),
      ),
  );
  for (const [route, change, published] of [
    [ADMIN_API.noticePublish, 'publish', true],
    [ADMIN_API.noticeUnpublish, 'unpublish', false],
  ] as const) {
    app.post(
      `/${route}`,
      {
        ...content,
        schema: { tags, security, params: adminIdParamsSchema, response: { 200: envelopeSchema(adminNoticeSchema) } },
      },
      async (request) =>
        ok(
          await app.db.transaction(async (tx) => {
            const before = await operatorNotice(tx, request.params.id);
            const after = await setPublished(tx, request.params.id, published, app.clock.now());
            await audit(tx, {
              actor: actorOf(request),
              action: `notice.${change}`,
              target: `notice:${after.id}`,
              before,
              after,
            });
            return after;
          }),
        ),
    );
  }

  // What members will see, sanitized as saving would.
  app.post(
    `/${ADMIN_API.noticePreview}`,
    {
      ...content,
      schema: {
        tags,
        security,
        body: noticePreviewBodySchema,
        response: { 200: envelopeSchema(noticePreviewAnswerSchema) },
      },
    },
    async (request) => ok({ contentHtml: sanitizeHtml(request.body.contentHtml) }),
  );
};
