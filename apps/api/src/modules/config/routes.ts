import { CONFIG_CALLS } from '@minecloud/contract/config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLocale, varyByLanguage } from '../../lib/locale.ts';
import { basicConfig, type WalletFacts } from './service.ts';

/** The app's public settings, as the contract declares them (`CONFIG_CALLS`). */
export const configRoutes: FastifyPluginAsyncZod<{
  chainId: number;
  demo: boolean;
  wallet: WalletFacts;
  walletConnectProjectId: string | null;
}> = async (app, options) => {
  declaredRoute(app, CONFIG_CALLS.basicConfig, async (request, reply) => {
    // Its banners are in the request's language.
    varyByLanguage(reply);
    return ok(await basicConfig(app.db, { ...options, locale: requestLocale(request), now: app.clock.now() }));
  });
};
