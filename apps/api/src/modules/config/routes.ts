import { API } from '@minecloud/contract/api-paths';
import { basicConfigSchema } from '@minecloud/contract/config';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { requestLocale, varyByLanguage } from '../../lib/locale.ts';
import { basicConfig, type WalletFacts } from './service.ts';

export const configRoutes: FastifyPluginAsyncZod<{
  chainId: number;
  demo: boolean;
  wallet: WalletFacts;
  walletConnectProjectId: string | null;
}> = async (app, options) => {
  app.get(
    `/${API.basicConfig}`,
    { schema: { tags: ['config'], response: { 200: envelopeSchema(basicConfigSchema) } } },
    async (request, reply) => {
      // Its banners are in the request's language.
      varyByLanguage(reply);
      return ok(await basicConfig(app.db, { ...options, locale: requestLocale(request), now: app.clock.now() }));
    },
  );
};
