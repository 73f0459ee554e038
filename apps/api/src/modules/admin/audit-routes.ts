import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { auditPage } from './audit.ts';

/** The audit log: finance reads it and exports it; nobody edits it (the table refuses it too). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  declaredRoute(app, CONSOLE_CALLS.audit, async (request) => ok(await auditPage(app.db, request.query, request.query)));
  declaredRoute(app, CONSOLE_CALLS.auditCsv, async (request, reply) =>
    sendCsv(reply, 'audit.csv', (pageNo, pageSize) => auditPage(app.db, request.query, { pageNo, pageSize }), [
      { title: 'id', value: (r) => r.id, kind: 'number' },
      { title: 'time', value: (r) => r.createdAt },
      { title: 'actor', value: (r) => r.actor },
      { title: 'action', value: (r) => r.action },
      { title: 'target', value: (r) => r.target },
      { title: 'before', value: (r) => r.before },
      { title: 'after', value: (r) => r.after },
      { title: 'request id', value: (r) => r.requestId },
    ]),
  );
};
