import { CONSOLE_CALLS, RESERVE_SIGN_MAX_DAYS } from '@minecloud/contract/console';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dayOf } from '../../lib/calendar.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { operatorOf } from '../auth/operators.ts';
import { getSetting } from '../config/settings.ts';
import { addReserveAddress, removeReserveAddress, reservesOverview, uploadReserveSignatures } from './reserves.ts';

/** A file of the most days: each signed day is about 300 bytes of JSON, with room for indenting. */
export const RESERVE_UPLOAD_BODY_LIMIT = RESERVE_SIGN_MAX_DAYS * 1024;

/** The payout hot wallet (lower-case), when the chain and its key (or PAYOUT_ADDRESS) are configured. */
export function hotWalletOf(app: Pick<FastifyInstance, 'chain'>): string | null {
  return app.chain?.hotWallet?.toLowerCase() ?? null;
}

/** The chain the reserves are on: the configured chain's id. */
const chainIdOf = (app: Pick<FastifyInstance, 'chain' | 'config'>) => app.chain?.id ?? app.config.chainId;

/** The reserves screen: finance adds and removes cold addresses and uploads their offline signatures. */
export const reserveAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const calls = CONSOLE_CALLS;
  declaredRoute(app, calls.reserves, async () => {
    const now = app.clock.now();
    const today = dayOf(now, await getSetting(app.db, 'settlement.timeZone', now));
    return ok(await reservesOverview(app.db, { chainId: chainIdOf(app), hotWallet: hotWalletOf(app), today }));
  });
  declaredRoute(app, calls.reserveAddresses, async (request) =>
    ok(
      await addReserveAddress(app.db, request.body, {
        hotWallet: hotWalletOf(app),
        operator: operatorOf(request),
        now: app.clock.now(),
      }),
    ),
  );
  declaredRoute(app, calls.reserveAddress, async (request) =>
    ok(
      await removeReserveAddress(app.db, request.params.address, {
        operator: operatorOf(request),
        now: app.clock.now(),
      }),
    ),
  );
  declaredRoute(
    app,
    calls.reserveUpload,
    async (request) =>
      ok(
        await uploadReserveSignatures(app.db, request.body, {
          chainId: chainIdOf(app),
          operator: operatorOf(request),
          now: app.clock.now(),
        }),
      ),
    { bodyLimit: RESERVE_UPLOAD_BODY_LIMIT },
  );
};
