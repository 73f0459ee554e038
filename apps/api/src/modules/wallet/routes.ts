import { WALLET_CALLS } from '@minecloud/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { requestLocale } from '../../lib/locale.ts';
import { memberLimit } from '../../money/member-limit.ts';
import { moneyRoute } from '../../money/money-route.ts';
import { memberOf } from '../auth/guard.ts';
import type { Mailer } from '../mail/mailer.ts';
import { addressBook, removeAddress, saveAddress } from './address-book.ts';
import { memberDeposits, submitDeposit } from './deposits.ts';
import { checkWithdrawal, lockWithdrawal, memberWithdrawals } from './withdrawals.ts';

/**
 * Withdrawals (request, history), the address book and deposits by transaction hash, every call as
 * the contract declares it (`WALLET_CALLS`).
 */
export const walletRoutes: FastifyPluginAsyncZod<{ moneyCallsPerMinute: number; mailer: Mailer }> = async (
  app,
  options,
) => {
  const calls = WALLET_CALLS;
  const perMinute = options.moneyCallsPerMinute;

  for (const [declared, asset] of [
    [calls.usdtWithdraw, 'USDT'],
    [calls.btcWithdraw, 'BTC'],
  ] as const) {
    moneyRoute(app, {
      call: declared,
      perMinute,
      before: (tx, userId, body) => checkWithdrawal(tx, app.chain, userId, asset, body, app.clock.now()),
      work: (tx, userId, body, legKey) => lockWithdrawal(tx, app.chain, userId, asset, body, legKey, app.clock.now()),
    });
  }

  declaredRoute(app, calls.withdrawals, async (request) =>
    ok(await memberWithdrawals(app.db, app.chain, memberOf(request).userId, request.query)),
  );

  declaredRoute(app, calls.addressBook, async (request) =>
    ok(await addressBook(app.db, memberOf(request).userId, app.clock.now())),
  );

  declaredRoute(
    app,
    calls.addressAdd,
    async (request) =>
      ok(
        await saveAddress(
          app.db,
          options.mailer,
          app.chain,
          memberOf(request).userId,
          request.body,
          requestLocale(request),
          app.clock.now(),
        ),
      ),
    // Each saving spends an email code and sends a mail: limited like money calls.
    { config: memberLimit(perMinute).hook },
  );

  declaredRoute(app, calls.addressRemove, async (request) => {
    await removeAddress(app.db, memberOf(request).userId, request.body.id);
    return ok(null);
  });

  declaredRoute(
    app,
    calls.depositSubmit,
    async (request) =>
      ok(await submitDeposit(app.db, app.chain, memberOf(request).userId, request.body.txHash, app.clock.now())),
    // Each submission may ask the chain: limited like money calls.
    { config: memberLimit(perMinute).hook },
  );

  declaredRoute(app, calls.depositPage, async (request) =>
    ok(await memberDeposits(app.db, memberOf(request).userId, request.query)),
  );
};
