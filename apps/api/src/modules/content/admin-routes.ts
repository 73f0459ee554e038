import {
  ADMIN_API,
  adminBannerSchema,
  bannerInputSchema,
  noticePreviewAnswerSchema,
  noticePreviewBodySchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogue } from '../../lib/catalogue.ts';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../admin/operators.ts';
import { allBanners, bannerById, createBanner, deleteBanner, updateBanner } from './banners.ts';
import { sanitizeHtml } from './sanitize.ts';

/** The content role's calls: banners and notices; every change writes an audit row in its transaction. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = { config: { access: { roles: ['content'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  catalogue(app, {
    name: 'banner',
    listPath: ADMIN_API.banners,
    itemPath: ADMIN_API.banner,
    input: bannerInputSchema,
    item: adminBannerSchema,
    all: allBanners,
    byId: bannerById,
    create: createBanner,
    update: updateBanner,
    remove: deleteBanner,
    actorOf,
  });

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
