import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import {
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationReadBodySchema,
  unreadCountSchema,
} from '@minecloud/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { memberOf } from '../auth/guard.ts';
import {
  markAllRead,
  markNoticesSeen,
  markRead,
  notificationPage,
  unreadCount,
  type WithdrawalStatesOf,
} from './service.ts';

/** The member's notification centre: the list, the unread count, and marking read. */
export const notificationRoutes: FastifyPluginAsyncZod<{ withdrawalStates: WithdrawalStatesOf }> = async (
  app,
  options,
) => {
  const member = { preHandler: app.requireMember };
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  const unread = { 200: envelopeSchema(unreadCountSchema) };

  app.get(
    `/${API.notifications}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: notificationPageQuerySchema,
        response: { 200: envelopeSchema(notificationPageSchema) },
      },
    },
    async (request) =>
      ok(await notificationPage(app.db, memberOf(request).userId, request.query, options.withdrawalStates)),
  );
  app.get(`/${API.notificationUnread}`, { ...member, schema: { tags, security, response: unread } }, async (request) =>
    ok(await unreadCount(app.db, memberOf(request).userId)),
  );
  app.post(
    `/${API.notificationRead}`,
    { ...member, schema: { tags, security, body: notificationReadBodySchema, response: unread } },
    async (request) => ok(await markRead(app.db, memberOf(request).userId, request.body.id)),
  );
  app.post(
    `/${API.notificationReadAll}`,
    { ...member, schema: { tags, security, response: unread } },
    async (request) => ok(await markAllRead(app.db, memberOf(request).userId, app.clock.now())),
  );
  app.post(`/${API.noticesSeen}`, { ...member, schema: { tags, security, response: unread } }, async (request) =>
    ok(await markNoticesSeen(app.db, memberOf(request).userId, app.clock.now())),
  );
};
