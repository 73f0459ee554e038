import { AUTH_CALLS, type UserAnswer } from '@minecloud/contract/auth';
import { USER_CALLS } from '@minecloud/contract/content';
import type { Envelope } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { claimsOf, memberOf } from '../auth/guard.ts';
import type { Mailer } from '../mail/mailer.ts';
import { bindEmail, bindWallet, sendEmailCode } from './email.ts';
import { profileReader } from './service.ts';

/**
 * The member's profile (`AUTH_CALLS.userGet`), and binding an email and a withdrawal address with a
 * mailed code (`USER_CALLS`).
 */
export const userRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; codesPerMinute: number }> = async (app, options) => {
  const profile = profileReader(app.db, (calls) => app.metrics?.readTogether(calls));

  // The answer comes as the JSON text of its envelope from its statement (service.ts), sent as it
  // is: a string with a JSON type is not serialised again. profiles.test.ts checks it against the
  // schema, which the type here cannot. The statement also checks the session.
  declaredRoute(
    app,
    AUTH_CALLS.userGet,
    async (request, reply) => {
      const answer = (await profile(claimsOf(request))) ?? fail('unauthorized');
      return reply.type('application/json; charset=utf-8').send(answer as unknown as Envelope<UserAnswer>);
    },
    { sessionInStatement: true },
  );

  const calls = USER_CALLS;
  const codeLimit = { config: memberLimit(options.codesPerMinute).hook };
  declaredRoute(
    app,
    calls.sendEmailCode,
    async (request) => {
      const asking = { userId: memberOf(request).userId, email: request.body.email, locale: requestLocale(request) };
      await sendEmailCode(app.db, options.mailer, asking, app.clock.now());
      return ok(null);
    },
    codeLimit,
  );
  declaredRoute(
    app,
    calls.bindEmail,
    async (request) => {
      await bindEmail(app.db, memberOf(request).userId, request.body.email, request.body.code, app.clock.now());
      return ok(null);
    },
    codeLimit,
  );
  declaredRoute(
    app,
    calls.bindWallet,
    async (request) => {
      await bindWallet(app.db, memberOf(request).userId, request.body.address, request.body.code, app.clock.now());
      return ok(null);
    },
    codeLimit,
  );
};
