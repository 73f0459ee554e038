import { loginAnswerSchema, loginBodySchema, nonceAnswerSchema } from '@minecloud/contract/auth';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { createWindowLimiter } from '../../lib/window-limiter.ts';
import { welcomeDemoFunds } from '../demo/seed.ts';
import { memberOf } from './guard.ts';
import { issueNonce, signIn } from './service.ts';

export type AuthRoutesOptions = {
  chainId: number;
  publicOrigin?: string | undefined;
  signInPerMinute: number;
  demo: boolean;
};

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const perAddress = createWindowLimiter(options.signInPerMinute, 60_000);
  const perIp = { max: options.signInPerMinute * 3, timeWindow: 60_000 };
  const expectedDomain = (host: string) => (options.publicOrigin ? new URL(options.publicOrigin).host : host);

  app.get(
    '/biz/biz-user/nonce',
    {
      config: { rateLimit: perIp },
      schema: { tags: ['auth'], response: { 200: envelopeSchema(nonceAnswerSchema) } },
    },
    async () => ok({ nonce: await issueNonce(app.db) }),
  );

  app.post(
    '/biz/biz-user/login',
    {
      config: { rateLimit: perIp },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: envelopeSchema(loginAnswerSchema) } },
    },
    async (request) => {
      const named = parseSiweMessage(request.body.message).address?.toLowerCase();
      if (named && !perAddress.take(named)) return fail('rateLimited');
      const { userId } = await signIn(
        app.db,
        request.body,
        { domain: expectedDomain(request.host), chainId: options.chainId },
        options.demo ? (tx, id) => welcomeDemoFunds(tx, app.db, id) : undefined,
      );
      const { token, expiresAt } = await app.tokens.issue(userId);
      return ok({ token, expiresAt: expiresAt.toISOString(), userId: String(userId) });
    },
  );

  app.post(
    '/biz/biz-user/logout',
    {
      preHandler: app.requireMember,
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await app.tokens.revoke(memberOf(request).sessionId);
      return ok(null);
    },
  );
};
