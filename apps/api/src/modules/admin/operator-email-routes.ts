import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLocale } from '../../lib/locale.ts';
import { operatorOf } from '../auth/operators.ts';
import type { Mailer } from '../mail/mailer.ts';
import { confirmOperatorEmail, operatorEmail, removeOperatorEmail, sendOperatorEmailCode } from './operator-email.ts';

/**
 * The operator's own address for security notices (operator-email.ts; docs/operations.md,
 * "Settings that guard money"), for every role: the mails and the code go in the console's language.
 */
export const operatorEmailRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, options) => {
  const now = () => app.clock.now();

  declaredRoute(app, CONSOLE_CALLS.operatorEmailGet, async (request) =>
    ok(await operatorEmail(app.db, operatorOf(request).id, now())),
  );
  declaredRoute(app, CONSOLE_CALLS.operatorEmailCode, async (request) => {
    const asking = { operator: operatorOf(request), email: request.body.email, locale: requestLocale(request) };
    return ok(await sendOperatorEmailCode(app.db, options.mailer, asking, now()));
  });
  declaredRoute(app, CONSOLE_CALLS.operatorEmailConfirm, async (request) => {
    const answer = { operator: operatorOf(request), ...request.body, locale: requestLocale(request) };
    return ok(await confirmOperatorEmail(app.db, answer, now()));
  });
  declaredRoute(app, CONSOLE_CALLS.operatorEmailRemove, async (request) =>
    ok(await removeOperatorEmail(app.db, operatorOf(request), now())),
  );
};
