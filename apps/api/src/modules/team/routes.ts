import { API } from '@minecloud/contract/api-paths';
import { envelopeSchema } from '@minecloud/contract/envelope';
import {
  communityOverviewSchema,
  communityRankAnswerSchema,
  communityRankBodySchema,
  departmentInfoAnswerSchema,
  inviteRelationAnswerSchema,
  inviteRelationQuerySchema,
  levelConfigAnswerSchema,
  performanceRankAnswerSchema,
  performanceRankBodySchema,
} from '@minecloud/contract/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { memberOf } from '../auth/guard.ts';
import {
  communityOverview,
  communityRank,
  departmentInfo,
  inviteRelation,
  levelConfig,
  performanceRank,
} from './service.ts';

export const teamRoutes: FastifyPluginAsyncZod<{ publicOrigin?: string | undefined }> = async (app, options) => {
  const member = { preHandler: app.requireMember };
  const security = [{ bearer: [] }];
  const tags = ['team'];

  app.get(
    `/${API.inviteRelation}`,
    {
      ...member,
      schema: {
        tags,
        security,
        querystring: inviteRelationQuerySchema,
        response: { 200: envelopeSchema(inviteRelationAnswerSchema) },
      },
    },
    async (request) => {
      const origin = options.publicOrigin ?? `${request.protocol}://${request.host}`;
      return ok(await inviteRelation(app.db, memberOf(request).userId, request.query, origin));
    },
  );

  app.post(
    `/${API.departmentInfo}`,
    { ...member, schema: { tags, security, response: { 200: envelopeSchema(departmentInfoAnswerSchema) } } },
    async (request) => ok(await departmentInfo(app.db, memberOf(request).userId, app.clock.now())),
  );

  app.get(
    `/${API.communityInfo}`,
    { schema: { tags, response: { 200: envelopeSchema(communityOverviewSchema) } } },
    async () => ok(await communityOverview(app.db, app.clock.now())),
  );

  app.post(
    `/${API.levelConfig}`,
    { ...member, schema: { tags, security, response: { 200: envelopeSchema(levelConfigAnswerSchema) } } },
    async (request) => ok(await levelConfig(app.db, memberOf(request).userId, app.clock.now())),
  );

  app.post(
    `/${API.performanceRank}`,
    {
      ...member,
      schema: {
        tags,
        security,
        body: performanceRankBodySchema.optional(),
        response: { 200: envelopeSchema(performanceRankAnswerSchema) },
      },
    },
    async (request) =>
      ok(
        await performanceRank(
          app.db,
          memberOf(request).userId,
          performanceRankBodySchema.parse(request.body ?? {}),
          app.clock.now(),
        ),
      ),
  );

  app.post(
    `/${API.communityRank}`,
    {
      ...member,
      schema: {
        tags,
        security,
        body: communityRankBodySchema.optional(),
        response: { 200: envelopeSchema(communityRankAnswerSchema) },
      },
    },
    async (request) =>
      ok(await communityRank(app.db, memberOf(request).userId, communityRankBodySchema.parse(request.body ?? {}))),
  );
};
