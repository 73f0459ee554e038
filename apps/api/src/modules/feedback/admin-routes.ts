import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { actorOf } from '../auth/operators.ts';
import { feedbackInbox, replyFeedback } from './feedback.ts';

/** The support role's feedback inbox; a reply and its audit row commit together. */
export const feedbackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  declaredRoute(app, CONSOLE_CALLS.feedback, async (request) =>
    ok(await feedbackInbox(app.db, { ...request.query, unanswered: Boolean(request.query.unanswered) })),
  );
  declaredRoute(app, CONSOLE_CALLS.feedbackReply, async (request) => {
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
  });
};
