import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { bootstrapOperator, consoleUrlOf, framedPassword } from '../modules/auth/operator-accounts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first operator's one-time password, framed, for the console once the server is ready. */
    firstOperatorNotice: string | null;
  }
}

/**
 * The first operator (an owner), on the first start of an empty database. Its one-time password is
 * shown once, on the console (it is stored hashed): server.ts prints it when the server is ready,
 * after the start-up lines, where a person sees it.
 */
export const firstOperator: FastifyPluginAsync = fp(async (app) => {
  const oneTimePassword = await bootstrapOperator(app.db, app.config.adminBootstrapPassword);
  app.decorate(
    'firstOperatorNotice',
    oneTimePassword
      ? framedPassword({
          title: 'MineCloud: the first operator (an owner)',
          username: 'admin',
          password: oneTimePassword,
          consoleUrl: consoleUrlOf(app.config),
        })
      : null,
  );
});
