import { adminNoticeQuerySchema, feedbackInboxQuerySchema } from '@minecloud/contract/console';
import {
  adminFeedbackPageSchema,
  adminFeedbackRowSchema,
  adminIdParamsSchema,
  adminNoticePageSchema,
  adminNoticeSchema,
  feedbackReplyBodySchema,
  noticeInputSchema,
  outboxPageSchema,
} from '@minecloud/contract/content';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { createNotice, operatorNotice, operatorNotices, setPublished, updateNotice } from '../content/service.ts';
import { feedbackInbox, replyFeedback } from './feedback.ts';
import { outboxPage } from './mailer.ts';

/** Operator calls for content and care; every change writes an audit row in its transaction. */
export const careAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = { config: { access: { roles: ['content'] } } } as const;
  const support = { config: { access: { roles: ['support'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const actor = (request: Parameters<typeof operatorOf>[0]) => `operator:${operatorOf(request).username}`;
  // Codes show in the outbox only while they are never mailed: demo mode without SMTP.
  const showsDemoCodes = app.config.demo && !app.config.smtpUrl;

  app.get(
    '/notices',
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
    '/notices',
    {
      ...content,
      schema: { tags, security, body: noticeInputSchema, response: { 200: envelopeSchema(adminNoticeSchema) } },
    },
    async (request) =>
      ok(
        await app.db.transaction(async (tx) => {
          const created = await createNotice(tx, request.body);
          await audit(tx, {
            actor: actor(request),
            action: 'notice.create',
            target: `notice:${created.id}`,
            after: created,
          });
          return created;
        }),
      ),
  );
  app.put(
    '/notices/:id',
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
            actor: actor(request),
            action: 'notice.edit',
            target: `notice:${after.id}`,
            before,
            after,
          });
          return after;
        }),
      ),
  );
  for (const [path, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/notices/:id/${path}`,
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
              actor: actor(request),
              action: `notice.${path}`,
              target: `notice:${after.id}`,
              before,
              after,
            });
            return after;
          }),
        ),
    );
  }

  app.get(
    '/feedback',
    {
      ...support,
      schema: {
        tags,
        security,
        querystring: feedbackInboxQuerySchema,
        response: { 200: envelopeSchema(adminFeedbackPageSchema) },
      },
    },
    async (request) =>
      ok(await feedbackInbox(app.db, { ...request.query, unanswered: Boolean(request.query.unanswered) })),
  );
  app.post(
    '/feedback/:id/reply',
    {
      ...support,
      schema: {
        tags,
        security,
        params: adminIdParamsSchema,
        body: feedbackReplyBodySchema,
        response: { 200: envelopeSchema(adminFeedbackRowSchema) },
      },
    },
    async (request) => {
      const who = actor(request);
      // The reply and its audit row commit together, or neither does.
      const after = await app.db.transaction(async (tx) => {
        const replied = await replyFeedback(tx, request.params.id, request.body.reply, who, app.clock.now());
        await audit(tx, {
          actor: who,
          action: 'feedback.reply',
          target: `feedback:${replied.after.id}`,
          before: replied.before,
          after: replied.after,
        });
        return replied.after;
      });
      return ok(after);
    },
  );

  app.get(
    '/mail/outbox',
    {
      ...support,
      schema: { tags, security, querystring: pageQuerySchema, response: { 200: envelopeSchema(outboxPageSchema) } },
    },
    async (request) => ok(await outboxPage(app.db, request.query, showsDemoCodes)),
  );
};
