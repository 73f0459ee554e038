import { ADMIN_API, feedbackInboxQuerySchema } from '@minecloud/contract/console';
import {
  adminFeedbackPageSchema,
  adminFeedbackRowSchema,
  adminIdParamsSchema,
  feedbackReplyBodySchema,
} from '@minecloud/contract/content';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../auth/operators.ts';
import { feedbackInbox, replyFeedback } from './feedback.ts';

/** The support role's feedback inbox; a reply and its audit row commit together. */
export const feedbackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const support = { config: { access: { roles: ['support'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    `/${ADMIN_API.feedback}`,
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
    `/${ADMIN_API.feedbackReply}`,
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
      const who = actorOf(request);
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
};
