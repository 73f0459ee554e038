import { API } from '@minecloud/contract/api-paths';
import { type UserAnswer, userAnswerSchema } from '@minecloud/contract/auth';
import {
  bindAnswerSchema,
  bindEmailBodySchema,
  bindWalletBodySchema,
  sendEmailCodeBodySchema,
} from '@minecloud/contract/content';
import { type Envelope, envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/locale.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { claimsOf, memberOf } from '../auth/guard.ts';
import type { Mailer } from '../mail/mailer.ts';
import { bindEmail, bindWallet, sendEmailCode } from './email.ts';
import { profileReader } from './service.ts';

/** The member's profile, and binding an email and a withdrawal address with a mailed code. */
export const userRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; codesPerMinute: number }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];
  const profile = profileReader(app.db, (calls) => app.metrics?.readTogether(calls));

  app.get(
    `/${API.userGet}`,
    {
      // The session is checked by the profile's own statement: one round trip per call.
      preHandler: app.requireSignedToken,
      schema: { tags: ['user'], security, response: { 200: envelopeSchema(userAnswerSchema) } },
    },
    // The answer comes as the JSON text of this envelope from its statement (service.ts), sent as
    // it is: a string with a JSON type is not serialised again. profiles.test.ts checks it against
    // the schema, which the type here cannot.
    async (request, reply) => {
      const answer = (await profile(claimsOf(request))) ?? fail('unauthorized');
      return reply.type('application/json; charset=utf-8').send(answer as unknown as Envelope<UserAnswer>);
    },
  );

  const codeLimit = memberLimit(options.codesPerMinute).hook;
  app.post(
    `/${API.sendEmailCode}`,
    {
      ...member,
      config: codeLimit,
      schema: {
        tags: ['care'],
        security,
        body: sendEmailCodeBodySchema,
        response: { 200: envelopeSchema(bindAnswerSchema) },
      },
    },
    async (request) => {
      const asking = { userId: memberOf(request).userId, email: request.body.email, locale: requestLocale(request) };
      await sendEmailCode(app.db, options.mailer, asking, app.clock.now());
      return ok(null);
    },
  );
  app.post(
    `/${API.bindEmail}`,
    {
      ...member,
      config: codeLimit,
      schema: {
        tags: ['care'],
        security,
        body: bindEmailBodySchema,
        response: { 200: envelopeSchema(bindAnswerSchema) },
      },
    },
    async (request) => {
      await bindEmail(app.db, memberOf(request).userId, request.body.email, request.body.code, app.clock.now());
      return ok(null);
    },
  );
  app.post(
    `/${API.bindWallet}`,
    {
      ...member,
      config: codeLimit,
      schema: {
        tags: ['care'],
        security,
        body: bindWalletBodySchema,
        response: { 200: envelopeSchema(bindAnswerSchema) },
      },
    },
    async (request) => {
      await bindWallet(app.db, memberOf(request).userId, request.body.address, request.body.code, app.clock.now());
      return ok(null);
    },
  );
};
