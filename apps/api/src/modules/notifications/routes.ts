import { NOTIFICATION_CALLS } from '@minecloud/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
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

/**
 * The member's notification centre: the list, the unread count, and marking read; every call as the
 * contract declares it (`NOTIFICATION_CALLS`).
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ withdrawalStates: WithdrawalStatesOf }> = async (
  app,
  options,
) => {
  const calls = NOTIFICATION_CALLS;
  declaredRoute(app, calls.notifications, async (request) =>
    ok(await notificationPage(app.db, memberOf(request).userId, request.query, options.withdrawalStates)),
  );
  declaredRoute(app, calls.notificationUnread, async (request) =>
    ok(await unreadCount(app.db, memberOf(request).userId)),
  );
  declaredRoute(app, calls.notificationRead, async (request) =>
    ok(await markRead(app.db, memberOf(request).userId, request.body.id)),
  );
  declaredRoute(app, calls.notificationReadAll, async (request) =>
    ok(await markAllRead(app.db, memberOf(request).userId, app.clock.now())),
  );
  declaredRoute(app, calls.noticesSeen, async (request) =>
    ok(await markNoticesSeen(app.db, memberOf(request).userId, app.clock.now())),
  );
};
