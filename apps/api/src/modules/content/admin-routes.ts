import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { catalogue } from '../../lib/catalogue.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../auth/operators.ts';
import { allBanners, bannerById, createBanner, deleteBanner, updateBanner } from './banners.ts';
import { sanitizeHtml } from './sanitize.ts';
import { createNotice, operatorNotice, operatorNotices, setPublished, updateNotice } from './service.ts';

/** The content role's calls: banners and notices; every change writes an audit row in its transaction. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
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

  declaredRoute(app, CONSOLE_CALLS.noticeList, async (request) => ok(await operatorNotices(app.db, request.query)));
  declaredRoute(app, CONSOLE_CALLS.noticeAdd, async (request) =>
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
  declaredRoute(app, CONSOLE_CALLS.notice, async (request) =>
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
  for (const [declared, change, published] of [
    [CONSOLE_CALLS.noticePublish, 'publish', true],
    [CONSOLE_CALLS.noticeUnpublish, 'unpublish', false],
  ] as const) {
    declaredRoute(app, declared, async (request) =>
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
  declaredRoute(app, CONSOLE_CALLS.noticePreview, async (request) =>
    ok({ contentHtml: sanitizeHtml(request.body.contentHtml) }),
  );
};
