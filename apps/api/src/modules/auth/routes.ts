import { AUTH_CALLS } from '@minecloud/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TxDb } from '../../db/client.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import { spendWithin } from '../../lib/limits.ts';
import { memberOf } from './guard.ts';
import { issueNonce, signIn } from './service.ts';
import { signInSite } from './siwe.ts';

export type AuthRoutesOptions = {
  chainId: number;
  publicOrigin?: string | undefined;
  signInPerMinute: number;
  /** Runs in the transaction that creates a member (the demo's welcome balances). */
  onSignUp?: ((tx: TxDb, userId: number) => Promise<void>) | undefined;
};

/** Signing in and out, every call as the contract declares it (`AUTH_CALLS`). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const perIp = { max: options.signInPerMinute * 3, timeWindow: 60_000 };
  /**
   * Sign-ins per wallet address, counted only once the signature is proven (a forged attempt that
   * merely names an address spends nothing of its owner's budget), in the database for all processes.
   */
  const spendAddressBudget = async (tx: TxDb, address: string) => {
    const key = `signin:${address.toLowerCase()}`;
    if (!(await spendWithin(tx, { key, windowMs: 60_000 }, options.signInPerMinute))) fail('rateLimited');
  };

  const calls = AUTH_CALLS;
  declaredRoute(app, calls.nonce, async () => ok({ nonce: await issueNonce(app.db) }), {
    config: { rateLimit: perIp },
  });

  declaredRoute(
    app,
    calls.login,
    async (request) => {
      const site = signInSite(options.publicOrigin, request.host);
      if (!site) return fail('domainMismatch');
      const { userId } = await signIn(
        app.db,
        request.body,
        { site, chainId: options.chainId, client: app.chain?.client },
        {
          onVerified: spendAddressBudget,
          ...(options.onSignUp ? { onCreated: options.onSignUp } : {}),
        },
      );
      const { token, expiresAt } = await app.tokens.issue(userId);
      return ok({ token, expiresAt: expiresAt.toISOString(), userId: String(userId) });
    },
    { config: { rateLimit: perIp } },
  );

  declaredRoute(app, calls.logout, async (request) => {
    await app.tokens.revoke(memberOf(request).sessionId);
    return ok(null);
  });
};
