import {
  ADMIN_API,
  settingChangeBodySchema,
  settingChangePageSchema,
  settingChangeSchema,
  settingChangesQuerySchema,
  settingKeyParamsSchema,
  settingListSchema,
} from '@minecloud/contract/console';
import { envelopeSchema } from '@minecloud/contract/envelope';
import { BOUNDARY_SETTINGS, isSettingKey } from '@minecloud/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { fail, failWith } from '../../lib/errors.ts';
import { actorOf } from '../auth/operators.ts';
import {
  allSettings,
  boundaryAtOrAfter,
  getSetting,
  IMMEDIATE_DELAY_MS,
  SettingInvalid,
  setSetting,
  settingChangeLog,
} from './settings.ts';

/** The settings: finance reads them and their changes; only the owner changes one (no roles on the PUT). */
export const configAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = { config: { access: { roles: ['finance'] } } } as const;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

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
        response: { 200: envelopeSchema(settingChangeSchema) },
      },
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
};
