import { CONSOLE_CALLS } from '@minecloud/contract/console';
import { isSettingKey, loosens } from '@minecloud/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
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
  const calls = CONSOLE_CALLS;
  const clock = () => app.clock.now();

  declaredRoute(app, calls.config, async () => ok({ list: await allSettings(app.db) }));
  declaredRoute(app, calls.configChanges, async (request) => ok(await settingChangeLog(app.db, request.query)));
  // Only the owner changes a setting (no roles in its declaration).
  declaredRoute(app, calls.configKey, async (request) => {
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
  });

  // ---- Proposals of loosening changes: owner and finance list and decide, the proposer withdraws.
  declaredRoute(app, calls.configProposals, async () => ok({ list: await pendingProposals(app.db, clock()) }));
  const decide = (request: { id: string; params: { id: string } } & Parameters<typeof operatorOf>[0]) => ({
    operator: operatorOf(request),
    id: Number(request.params.id),
    now: clock(),
    requestId: request.id,
  });
  declaredRoute(app, calls.configProposalApprove, async (request) =>
    ok(await approveProposal(app.db, mailer, decide(request))),
  );
  declaredRoute(app, calls.configProposalReject, async (request) =>
    ok(await closeProposal(app.db, 'reject', decide(request))),
  );
  // Only owners propose, so only an owner can withdraw (no roles in its declaration).
  declaredRoute(app, calls.configProposalWithdraw, async (request) =>
    ok(await closeProposal(app.db, 'withdraw', decide(request))),
  );
};
