import { formatAmount } from '@minecloud/contract/amount';
import {
  ADMIN_API,
  adminBannerSchema,
  auditPageSchema,
  auditQuerySchema,
  bannerInputSchema,
  dashboardSchema,
  equityRoundPageSchema,
  idParamsSchema,
  jobListSchema,
  jobRunPageSchema,
  jobRunsQuerySchema,
  memberDetailSchema,
  memberLedgerPageSchema,
  memberLedgerQuerySchema,
  memberMinerPageSchema,
  memberOrderPageSchema,
  memberPageQuerySchema,
  memberPageSchema,
  memberTeamPageSchema,
  noticePreviewAnswerSchema,
  noticePreviewBodySchema,
  productInputSchema,
  productSchema,
  settingChangeBodySchema,
  settingChangePageSchema,
  settingChangeSchema,
  settingChangesQuerySchema,
  settingKeyParamsSchema,
  settingListSchema,
} from '@minecloud/contract/console';
import { adminFeedbackPageSchema } from '@minecloud/contract/content';
import { envelopeSchema, pageQuerySchema } from '@minecloud/contract/envelope';
import { adminWithdrawalPageQuerySchema } from '@minecloud/contract/wallet';
import { WITHDRAWAL_STATE_TEXTS } from '@minecloud/contract/withdrawal-states';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Db, isoTime, newestFirst, pageClause, queryRows, type TxDb } from '../../db/client.ts';
import { JOBS } from '../../jobs/index.ts';
import { audit } from '../../lib/audit.ts';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { actorOf } from '../auth/operators.ts';
import { feedbackOf } from '../care/feedback.ts';
import {
  allSettings,
  BOUNDARY_SETTINGS,
  boundaryAtOrAfter,
  getSetting,
  IMMEDIATE_DELAY_MS,
  isSettingKey,
  SettingInvalid,
  setSetting,
  settingChangeLog,
} from '../config/settings.ts';
import { allBanners, bannerById, createBanner, deleteBanner, updateBanner } from '../content/banners.ts';
import { sanitizeHtml } from '../content/sanitize.ts';
import { allProducts, createProduct, productById, updateProduct } from '../mining/catalogue.ts';
import { operatorWithdrawals } from '../wallet/review.ts';
import { sendCsv } from './csv.ts';
import { dashboard } from './dashboard.ts';
import { memberDetail, memberLedger, memberMiners, memberOrders, memberPage, memberTeam } from './members.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const path = (p: string) => `/${p}`;
const access = (...roles: ('finance' | 'content' | 'support')[]) => ({ access: { roles } }) as const;

/** The console's screens beyond sign-in, withdrawals and content (see ADMIN_API). */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const withSchema = <T extends object>(schema: T) => ({ tags, security, ...schema });

  // ---- Dashboard: every operator.
  app.get(
    path(ADMIN_API.dashboard),
    {
      config: access('finance', 'content', 'support'),
      schema: withSchema({ response: { 200: envelopeSchema(dashboardSchema) } }),
    },
    async () => ok(await dashboard(app.db, app.clock.now())),
  );

  // ---- Members: finance and support read; adjustments are finance's (ledger/adjust).
  const members = { config: access('finance', 'support') };
  app.get(
    path(ADMIN_API.members),
    {
      ...members,
      schema: withSchema({ querystring: memberPageQuerySchema, response: { 200: envelopeSchema(memberPageSchema) } }),
    },
    async (request) => ok(await memberPage(app.db, request.query)),
  );
  app.get(
    path(ADMIN_API.membersCsv),
    { ...members, schema: withSchema({ querystring: memberPageQuerySchema.omit({ pageNo: true, pageSize: true }) }) },
    (request, reply) =>
      sendCsv(reply, 'members.csv', (pageNo, pageSize) => memberPage(app.db, { ...request.query, pageNo, pageSize }), [
        { title: 'id', value: (r) => r.id },
        { title: 'address', value: (r) => r.address },
        { title: 'email', value: (r) => r.email },
        { title: 'identity', value: (r) => r.identity },
        { title: 'level', value: (r) => r.level },
        { title: 'inviter', value: (r) => r.inviterId },
        { title: 'GOLD', value: (r) => r.balances.GOLD },
        { title: 'USDT', value: (r) => r.balances.USDT },
        { title: 'BTC', value: (r) => r.balances.BTC },
        { title: 'joined', value: (r) => r.createdAt },
      ]),
  );
  const memberId = (params: { id: string }) => Number(params.id);
  app.get(
    path(ADMIN_API.member),
    {
      ...members,
      schema: withSchema({ params: idParamsSchema, response: { 200: envelopeSchema(memberDetailSchema) } }),
    },
    async (request) => ok(await memberDetail(app.db, memberId(request.params))),
  );
  app.get(
    path(ADMIN_API.memberLedger),
    {
      ...members,
      schema: withSchema({
        params: idParamsSchema,
        querystring: memberLedgerQuerySchema,
        response: { 200: envelopeSchema(memberLedgerPageSchema) },
      }),
    },
    async (request) => ok(await memberLedger(app.db, memberId(request.params), request.query)),
  );
  app.get(
    path(ADMIN_API.memberLedgerCsv),
    {
      ...members,
      schema: withSchema({ params: idParamsSchema, querystring: memberLedgerQuerySchema.pick({ asset: true }) }),
    },
    (request, reply) =>
      sendCsv(
        reply,
        `member-${request.params.id}-ledger.csv`,
        (pageNo, pageSize) =>
          memberLedger(app.db, memberId(request.params), { asset: request.query.asset, pageNo, pageSize }),
        [
          { title: 'transfer', value: (r) => r.id },
          { title: 'time', value: (r) => r.createdAt },
          { title: 'asset', value: (r) => r.asset },
          { title: 'kind', value: (r) => r.kind },
          { title: 'amount', value: (r) => r.amount },
          { title: 'account', value: (r) => r.account },
          { title: 'counterparty', value: (r) => r.counterparty },
          { title: 'reference', value: (r) => r.reference },
        ],
      ),
  );
  for (const [route, schema, list] of [
    [ADMIN_API.memberMiners, memberMinerPageSchema, memberMiners],
    [ADMIN_API.memberOrders, memberOrderPageSchema, memberOrders],
    [ADMIN_API.memberTeam, memberTeamPageSchema, memberTeam],
  ] as const) {
    app.get(
      path(route),
      {
        ...members,
        schema: withSchema({
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(schema) },
        }),
      },
      async (request) => ok(await list(app.db, memberId(request.params), request.query)),
    );
  }
  app.get(
    path(ADMIN_API.memberFeedback),
    {
      ...members,
      schema: withSchema({
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(adminFeedbackPageSchema) },
      }),
    },
    async (request) => {
      const page = await feedbackOf(app.db, memberId(request.params), request.query);
      return ok({ ...page, list: page.list.map((row) => ({ ...row, userId: request.params.id })) });
    },
  );

  // ---- Withdrawals export (the queue itself: wallet/admin-routes.ts).
  app.get(
    path(ADMIN_API.withdrawalsCsv),
    {
      config: access('finance'),
      schema: withSchema({ querystring: adminWithdrawalPageQuerySchema.omit({ pageNo: true, pageSize: true }) }),
    },
    (request, reply) =>
      sendCsv(
        reply,
        'withdrawals.csv',
        (pageNo, pageSize) => operatorWithdrawals(app.db, app.chain, { ...request.query, pageNo, pageSize }),
        [
          { title: 'id', value: (r) => r.id },
          { title: 'member', value: (r) => r.userId },
          { title: 'asset', value: (r) => r.asset },
          { title: 'amount', value: (r) => r.amount },
          { title: 'fee', value: (r) => r.fee },
          { title: 'address', value: (r) => r.address },
          { title: 'status', value: (r) => r.reviewStatus },
          // The same words the console's table and the member's list use (withdrawal-states.ts).
          { title: 'state', value: (r) => WITHDRAWAL_STATE_TEXTS[r.state].en },
          { title: 'first approver', value: (r) => r.firstApprover },
          { title: 'second approver', value: (r) => r.secondApprover },
          { title: 'tx hash', value: (r) => r.txHash },
          { title: 'reason', value: (r) => r.reason },
          { title: 'created', value: (r) => r.createdAt },
        ],
      ),
  );

  // ---- Miner products and banners: content.
  catalogue(app, {
    name: 'product',
    listPath: ADMIN_API.products,
    itemPath: ADMIN_API.product,
    input: productInputSchema,
    item: productSchema,
    all: allProducts,
    byId: productById,
    create: createProduct,
    update: updateProduct,
  });
  catalogue(app, {
    name: 'banner',
    listPath: ADMIN_API.banners,
    itemPath: ADMIN_API.banner,
    input: bannerInputSchema,
    item: adminBannerSchema,
    all: allBanners,
    byId: bannerById,
    create: createBanner,
    update: updateBanner,
    remove: deleteBanner,
  });

  // ---- Notice preview: what members will see, sanitized as saving would.
  app.post(
    path(ADMIN_API.noticePreview),
    {
      config: access('content'),
      schema: withSchema({
        body: noticePreviewBodySchema,
        response: { 200: envelopeSchema(noticePreviewAnswerSchema) },
      }),
    },
    async (request) => ok({ contentHtml: sanitizeHtml(request.body.contentHtml) }),
  );

  // ---- Equity rounds: finance (opening one: admin/routes.ts).
  app.get(
    path(ADMIN_API.equityRounds),
    {
      config: access('finance'),
      schema: withSchema({ querystring: pageQuerySchema, response: { 200: envelopeSchema(equityRoundPageSchema) } }),
    },
    async (request) => {
      const rows = await queryRows<{
        id: string;
        total_shares: number;
        shares_remaining: number;
        price_per_share: string;
        annual_yield_pct: string;
        min_quantity: number;
        term_days: number;
        open: boolean;
        created_at: string;
      }>(
        app.db,
        sql`select id::text, total_shares, shares_remaining, price_per_share::text, annual_yield_pct, min_quantity,
                   term_days, open, created_at::text
            from equity_rounds order by ${newestFirst('equity_rounds', 'created_at')} ${pageClause(request.query)}`,
      );
      const [count] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from equity_rounds`);
      return ok({
        list: rows.map((r) => ({
          id: r.id,
          totalShares: r.total_shares,
          sharesRemaining: r.shares_remaining,
          pricePerShare: formatAmount(BigInt(r.price_per_share), 'USDT'),
          annualYieldPct: r.annual_yield_pct,
          minQuantity: r.min_quantity,
          termDays: r.term_days,
          open: r.open,
          createdAt: isoTime(r.created_at) as string,
        })),
        total: count?.n ?? 0,
      });
    },
  );

  // ---- Config: finance reads; only the owner changes (no roles on the PUT).
  app.get(
    path(ADMIN_API.config),
    { config: access('finance'), schema: withSchema({ response: { 200: envelopeSchema(settingListSchema) } }) },
    async () => ok({ list: await allSettings(app.db) }),
  );
  app.get(
    path(ADMIN_API.configChanges),
    {
      config: access('finance'),
      schema: withSchema({
        querystring: settingChangesQuerySchema,
        response: { 200: envelopeSchema(settingChangePageSchema) },
      }),
    },
    async (request) => ok(await settingChangeLog(app.db, request.query)),
  );
  app.put(
    path(ADMIN_API.configKey),
    {
      schema: withSchema({
        params: settingKeyParamsSchema,
        body: settingChangeBodySchema,
        response: { 200: envelopeSchema(settingChangeSchema) },
      }),
    },
    async (request) => {
      const { key } = request.params;
      if (!isSettingKey(key)) return fail('notFound', 'key');
      const now = Date.now();
      // "Now" is when every process has seen it (settings.ts, IMMEDIATE_DELAY_MS).
      const asked = request.body.effectiveAt ? new Date(request.body.effectiveAt) : new Date(now + IMMEDIATE_DELAY_MS);
      if (asked.getTime() < now) return fail('effectiveInPast');
      // A member-facing term changes at the next settlement boundary, never within a day (issue 12).
      const effectiveAt = BOUNDARY_SETTINGS.has(key)
        ? boundaryAtOrAfter(asked, await getSetting(app.db, 'settlement.timeZone'))
        : asked;
      try {
        return ok(
          await setSetting(app.db, key, request.body.value, actorOf(request), { effectiveAt, requestId: request.id }),
        );
      } catch (error) {
        if (error instanceof SettingInvalid) return failWith('settingInvalid', { detail: error.message });
        throw error;
      }
    },
  );

  // ---- Jobs: finance.
  app.get(
    path(ADMIN_API.jobs),
    { config: access('finance'), schema: withSchema({ response: { 200: envelopeSchema(jobListSchema) } }) },
    async () => {
      const timeZone = await getSetting(app.db, 'settlement.timeZone');
      const last = await queryRows<{
        job: string;
        period: string;
        started_at: string;
        finished_at: string | null;
        trigger: string;
      }>(
        app.db,
        sql`select distinct on (job) job, period, started_at::text, finished_at::text, trigger
            from job_runs order by job_runs.job, job_runs.started_at desc`,
      );
      return ok({
        list: Object.values(JOBS).map((job) => {
          const run = last.find((r) => r.job === job.name);
          return {
            name: job.name,
            latestPeriod: job.periodAt(app.clock.now(), timeZone),
            lastRun: run
              ? {
                  period: run.period,
                  startedAt: isoTime(run.started_at) as string,
                  finishedAt: isoTime(run.finished_at),
                  trigger: run.trigger,
                }
              : null,
          };
        }),
      });
    },
  );
  app.get(
    path(ADMIN_API.jobRuns),
    {
      config: access('finance'),
      schema: withSchema({ querystring: jobRunsQuerySchema, response: { 200: envelopeSchema(jobRunPageSchema) } }),
    },
    async (request) => {
      const where = request.query.job ? sql`where job = ${request.query.job}` : sql``;
      const rows = await queryRows<{
        job: string;
        period: string;
        started_at: string;
        finished_at: string | null;
        result: string | null;
        trigger: string;
      }>(
        app.db,
        sql`select job, period, started_at::text, finished_at::text, result, trigger from job_runs ${where}
            order by job_runs.started_at desc, job_runs.job, job_runs.period desc ${pageClause(request.query)}`,
      );
      const [count] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from job_runs ${where}`);
      return ok({
        list: rows.map((r) => ({
          job: r.job,
          period: r.period,
          startedAt: isoTime(r.started_at) as string,
          finishedAt: isoTime(r.finished_at),
          result: r.result,
          trigger: r.trigger,
        })),
        total: count?.n ?? 0,
      });
    },
  );

  // ---- Audit log: finance reads; nobody edits (the table refuses it too).
  app.get(
    path(ADMIN_API.audit),
    {
      config: access('finance'),
      schema: withSchema({ querystring: auditQuerySchema, response: { 200: envelopeSchema(auditPageSchema) } }),
    },
    async (request) => ok(await auditPage(request.query, request.query)),
  );
  app.get(
    path(ADMIN_API.auditCsv),
    {
      config: access('finance'),
      schema: withSchema({ querystring: auditQuerySchema.omit({ pageNo: true, pageSize: true }) }),
    },
    (request, reply) =>
      sendCsv(reply, 'audit.csv', (pageNo, pageSize) => auditPage(request.query, { pageNo, pageSize }), [
        { title: 'id', value: (r) => r.id },
        { title: 'time', value: (r) => r.createdAt },
        { title: 'actor', value: (r) => r.actor },
        { title: 'action', value: (r) => r.action },
        { title: 'target', value: (r) => r.target },
        { title: 'before', value: (r) => r.before },
        { title: 'after', value: (r) => r.after },
        { title: 'request id', value: (r) => r.requestId },
      ]),
  );

  async function auditPage(
    filter: Omit<z.infer<typeof auditQuerySchema>, 'pageNo' | 'pageSize'>,
    page: { pageNo: number; pageSize: number },
  ) {
    const conditions = [sql`true`];
    if (filter.actor) {
      const actor = filter.actor.includes(':') ? filter.actor : `operator:${filter.actor}`;
      conditions.push(sql`actor = ${actor}`);
    }
    if (filter.action) conditions.push(sql`starts_with(action, ${filter.action})`);
    if (filter.from) conditions.push(sql`created_at >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
    if (filter.to) conditions.push(sql`created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
    const where = sql.join(conditions, sql` and `);
    const rows = await queryRows<{
      id: string;
      actor: string;
      action: string;
      target: string | null;
      before: string | null;
      after: string | null;
      request_id: string | null;
      created_at: string;
    }>(
      app.db,
      sql`select id::text, actor, action, target, before::text, after::text, request_id, created_at::text
          from audit_log where ${where} order by ${newestFirst('audit_log', 'created_at')} ${pageClause(page)}`,
    );
    const [count] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from audit_log where ${where}`,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        actor: r.actor,
        action: r.action,
        target: r.target,
        before: r.before === null ? null : JSON.parse(r.before),
        after: r.after === null ? null : JSON.parse(r.after),
        requestId: r.request_id,
        createdAt: isoTime(r.created_at) as string,
      })),
      total: count?.n ?? 0,
    };
  }
};

/**
 * A catalogue of the content role (products, banners): list all, create, edit and, when it may be
 * removed, delete; each change audited in its transaction with before and after.
 */
function catalogue<I extends z.ZodType, T extends z.ZodType>(
  app: FastifyInstance,
  spec: {
    name: string;
    listPath: string;
    itemPath: string;
    input: I;
    item: T;
    all: (db: Db) => Promise<z.infer<T>[]>;
    byId: (db: TxDb, id: number) => Promise<z.infer<T>>;
    create: (tx: TxDb, input: z.infer<I>) => Promise<z.infer<T> & { id: string }>;
    update: (tx: TxDb, id: number, input: z.infer<I>) => Promise<z.infer<T>>;
    remove?: (tx: TxDb, id: number) => Promise<z.infer<T>>;
  },
) {
  const options = { config: { access: { roles: ['content'] } } as const };
  const answer = { 200: envelopeSchema(spec.item) };
  const change = async (
    request: FastifyRequest,
    action: string,
    id: number | null,
    work: (tx: TxDb) => Promise<{ before?: unknown; after?: unknown; id: string; answer: z.infer<T> }>,
  ) =>
    ok(
      await app.db.transaction(async (tx) => {
        const done = await work(tx);
        const { before, after } = done;
        await audit(tx, {
          actor: actorOf(request),
          action: `${spec.name}.${action}`,
          target: `${spec.name}:${id ?? done.id}`,
          before,
          after,
        });
        return done.answer;
      }),
    );

  app.get(
    `/${spec.listPath}`,
    {
      ...options,
      schema: { tags, security, response: { 200: envelopeSchema(z.object({ list: z.array(spec.item) })) } },
    },
    async () => ok({ list: await spec.all(app.db) }),
  );
  app.post(
    `/${spec.listPath}`,
    { ...options, schema: { tags, security, body: spec.input, response: answer } },
    (request) =>
      change(request, 'create', null, async (tx) => {
        const created = await spec.create(tx, request.body as z.infer<I>);
        return { after: created, id: created.id, answer: created };
      }),
  );
  app.put(
    `/${spec.itemPath}`,
    { ...options, schema: { tags, security, params: idParamsSchema, body: spec.input, response: answer } },
    (request) => {
      const id = Number((request.params as { id: string }).id);
      return change(request, 'edit', id, async (tx) => {
        const before = await spec.byId(tx, id);
        const after = await spec.update(tx, id, request.body as z.infer<I>);
        return { before, after, id: String(id), answer: after };
      });
    },
  );
  const remove = spec.remove;
  if (remove) {
    app.delete(
      `/${spec.itemPath}`,
      { ...options, schema: { tags, security, params: idParamsSchema, response: answer } },
      (request) => {
        const id = Number((request.params as { id: string }).id);
        return change(request, 'delete', id, async (tx) => {
          const before = await remove(tx, id);
          return { before, id: String(id), answer: before };
        });
      },
    );
  }
}
