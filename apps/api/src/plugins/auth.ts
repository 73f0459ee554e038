import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { serverKeys, type TotpKeyring, type VapidKeys, vapidKeysOf } from '../lib/keys.ts';
import { memberGuard, signedTokenGuard } from '../modules/auth/guard.ts';
import { createOperatorAuth } from '../modules/auth/operators.ts';
import { createTokenService, loadMasterSecret } from '../modules/auth/tokens.ts';
import { sealStoredTotpSecrets } from '../modules/auth/totp-secrets.ts';
import { type MailWorkerOptions, mailWorkerOptions } from '../modules/mail/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail worker's settings; the scheduler of a jobs process starts the worker with them. */
    mailWorker: MailWorkerOptions;
    /** Web Push: the VAPID pair (null: push is off) and its subject; the jobs process sends with them. */
    push: { vapid: VapidKeys | null; subject: string };
    /** The keys of operators' TOTP secrets at rest (TOTP_KEYS). */
    totpKeys: TotpKeyring;
  }
}

/**
 * The server's keys, each derived from the master secret for one purpose and none of them the
 * master itself (docs/operations.md, "Keys and secrets"), and what checks with them: members' tokens
 * and their guards, operators' sign-in, the mail seal, TOTP secrets at rest and the Web Push pair.
 */
export const auth: FastifyPluginAsync = fp(async (app) => {
  const { config, db } = app;
  const master = await loadMasterSecret(db, config.jwtSecret);
  const keys = serverKeys(master, config.totpKeys);
  // The demo pushes out of the box, with a pair of its own master secret; elsewhere only a set pair.
  app.decorate('push', {
    vapid: vapidKeysOf(config.push.vapid, config.demo, master),
    subject: config.push.subject,
  });
  const tokens = createTokenService(db, keys.memberToken, config.tokenTtlSeconds);
  app.decorate('mailWorker', mailWorkerOptions(config, keys.mailSeal));
  app.decorate('totpKeys', keys.totp);
  await sealStoredTotpSecrets(db, keys.totp, app.log);
  app.decorate('tokens', tokens);
  app.decorate('requireMember', memberGuard(tokens));
  app.decorate('requireSignedToken', signedTokenGuard(tokens));
  app.decorate('operatorAuth', createOperatorAuth(db, keys.operatorToken, keys.totp));
});
