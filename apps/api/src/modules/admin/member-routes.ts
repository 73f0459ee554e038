import { CONSOLE_CALLS } from '@minecloud/contract/console';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv.ts';
import { declaredRoute } from '../../lib/declared-route.ts';
import { ok } from '../../lib/envelope.ts';
import { feedbackOf } from '../feedback/feedback.ts';
import { memberDetail, memberLedger, memberMiners, memberOrders, memberPage, memberTeam } from './members.ts';

/** The members screens and exports: finance and support read; adjustments are finance's (modules/adjustments). */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const calls = CONSOLE_CALLS;
  declaredRoute(app, calls.members, async (request) => ok(await memberPage(app.db, request.query)));
  declaredRoute(app, calls.membersCsv, async (request, reply) =>
    sendCsv(reply, 'members.csv', (pageNo, pageSize) => memberPage(app.db, { ...request.query, pageNo, pageSize }), [
      { title: 'id', value: (r) => r.id, kind: 'number' },
      { title: 'address', value: (r) => r.address },
      { title: 'email', value: (r) => r.email },
      { title: 'identity', value: (r) => r.identity },
      { title: 'level', value: (r) => r.level },
      { title: 'inviter', value: (r) => r.inviterId, kind: 'number' },
      { title: 'GOLD', value: (r) => r.balances.GOLD, kind: 'number' },
      { title: 'USDT', value: (r) => r.balances.USDT, kind: 'number' },
      { title: 'BTC', value: (r) => r.balances.BTC, kind: 'number' },
      { title: 'joined', value: (r) => r.createdAt },
    ]),
  );
  const memberId = (params: { id: string }) => Number(params.id);
  declaredRoute(app, calls.member, async (request) => ok(await memberDetail(app.db, memberId(request.params))));
  declaredRoute(app, calls.memberLedger, async (request) =>
    ok(await memberLedger(app.db, memberId(request.params), request.query)),
  );
  declaredRoute(app, calls.memberLedgerCsv, async (request, reply) =>
    sendCsv(
      reply,
      `member-${request.params.id}-ledger.csv`,
      (pageNo, pageSize) =>
        memberLedger(app.db, memberId(request.params), { asset: request.query.asset, pageNo, pageSize }),
      [
        { title: 'transfer', value: (r) => r.id, kind: 'number' },
        { title: 'time', value: (r) => r.createdAt },
        { title: 'asset', value: (r) => r.asset },
        { title: 'kind', value: (r) => r.kind },
        { title: 'amount', value: (r) => r.amount, kind: 'number' },
        { title: 'account', value: (r) => r.account },
        { title: 'counterparty', value: (r) => r.counterparty },
        { title: 'reference', value: (r) => r.reference },
      ],
    ),
  );
  for (const [declared, list] of [
    [calls.memberMiners, memberMiners],
    [calls.memberOrders, memberOrders],
    [calls.memberTeam, memberTeam],
  ] as const) {
    declaredRoute(app, declared, async (request) => ok(await list(app.db, memberId(request.params), request.query)));
  }
  declaredRoute(app, calls.memberFeedback, async (request) => {
    const page = await feedbackOf(app.db, memberId(request.params), request.query);
    return ok({ ...page, list: page.list.map((row) => ({ ...row, userId: request.params.id })) });
  });
};
