import { API } from '@minecloud/contract/api-paths';
import { basicConfigSchema } from '@minecloud/contract/config';
import { envelopeSchema } from '@minecloud/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
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
    async () => ok(await basicConfig(app.db, options)),
  );
};
