import {
  ADMIN_API,
  idParamsSchema,
  settingChangeBodySchema,
  settingChangePageSchema,
  settingChangesQuerySchema,
  settingKeyParamsSchema,
  settingListSchema,
  settingProposalListSchema,
  settingProposalSchema,
  settingPutAnswerSchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import { isSettingKey, loosens } from '@minecloud/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { actorOf, operatorOf } from '../auth/operators.ts';
import type { Mailer } from '../mail/mailer.ts';
import { approveProposal, closeProposal, effectTime, pendingProposals, proposeChange } from './proposals.ts';
import { allSettings, getSetting, parseSetting, SettingInvalid, setSetting, settingChangeLog } from './settings.ts';

/**
 * The settings: finance reads them and their changes; only the owner changes one (no roles on the
 * PUT). A change that loosens a guarded setting becomes a proposal that another owner or finance
 * approves (proposals.ts; docs/operations.md, "Settings that guard money").
 */
export const configAdminRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  const finance = { config: { access: { roles: ['finance'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  const clock = () => app.clock.now();

  app.get(
    `/${ADMIN_API.config}`,
    { ...finance, schema: { tags, security, response: { 200: envelopeSchema(settingListSchema) } } },
    async () => ok({ list: await allSettings(app.db) }),
  );
  app.get(
    `/${ADMIN_API.configChanges}`,
    {
      ...finance,
      schema: {
        tags,
        security,
        querystring: settingChangesQuerySchema,
        response: { 200: envelopeSchema(settingChangePageSchema) },
      },
    },
    async (request) => ok(await settingChangeLog(app.db, request.query)),
  );
  app.put(
    `/${ADMIN_API.configKey}`,
    {
      schema: {
        tags,
        security,
        params: settingKeyParamsSchema,
        body: settingChangeBodySchema,
        response: { 200: envelopeSchema(settingPutAnswerSchema) },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isSettingKey(key)) return fail('notFound', 'key');
      const now = Date.now();
      const asked = request.body.effectiveAt ? new Date(request.body.effectiveAt) : null;
      if (asked && asked.getTime() < now) return fail('effectiveInPast');
      // A member-facing term changes at the next settlement boundary, never within a day (docs/operations.md, section 3).
      const effectiveAt = await effectTime(app.db, key, new Date(now), asked);
      try {
        const value = parseSetting(key, request.body.value);
        const before = await getSetting(app.db, key, effectiveAt);
        // Tightening, or a plain setting, applies as one owner says; loosening waits for a second operator.
        if (loosens(key, before, value)) {
          const input = { key, value, before, askedAt: asked };
          return ok(await proposeChange(app.db, mailer, operatorOf(request), input, clock()));
        }
        return ok(await setSetting(app.db, key, value, actorOf(request), { effectiveAt, requestId: request.id }));
      } catch (error) {
        if (error instanceof SettingInvalid) return failWith('settingInvalid', { detail: error.message });
        throw error;
      }
    },
  );

  // ---- Proposals of loosening changes: owner and finance list and decide, the proposer withdraws.
  app.get(
    `/${ADMIN_API.configProposals}`,
    { ...finance, schema: { tags, security, response: { 200: envelopeSchema(settingProposalListSchema) } } },
    async () => ok({ list: await pendingProposals(app.db, clock()) }),
  );
  const decision = { tags, security, params: idParamsSchema, response: { 200: envelopeSchema(settingProposalSchema) } };
  const decide = (request: { id: string; params: { id: string } } & Parameters<typeof operatorOf>[0]) => ({
    operator: operatorOf(request),
    id: Number(request.params.id),
    now: clock(),
    requestId: request.id,
  });
  app.post(`/${ADMIN_API.configProposalApprove}`, { ...finance, schema: decision }, async (request) =>
    ok(await approveProposal(app.db, mailer, decide(request))),
  );
  app.post(`/${ADMIN_API.configProposalReject}`, { ...finance, schema: decision }, async (request) =>
    ok(await closeProposal(app.db, 'reject', decide(request))),
  );
  // Only owners propose, so only an owner can withdraw (the route has no roles).
  app.post(`/${ADMIN_API.configProposalWithdraw}`, { schema: decision }, async (request) =>
    ok(await closeProposal(app.db, 'withdraw', decide(request))),
  );
};
