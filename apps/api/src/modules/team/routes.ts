import { communityRankBodySchema, performanceRankBodySchema, TEAM_CALLS } from '@minecloud/contract/team';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { declaredRoute } from '../../lib/declared-route.ts';
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

/** The team and the community, every call as the contract declares it (`TEAM_CALLS`). */
export const teamRoutes: FastifyPluginAsyncZod<{ publicOrigin?: string | undefined }> = async (app, options) => {
  const calls = TEAM_CALLS;

  declaredRoute(app, calls.inviteRelation, async (request) => {
    const origin = options.publicOrigin ?? `${request.protocol}://${request.host}`;
    return ok(await inviteRelation(app.db, memberOf(request).userId, request.query, origin));
  });

  declaredRoute(app, calls.departmentInfo, async (request) =>
    ok(await departmentInfo(app.db, memberOf(request).userId, app.clock.now())),
  );

  declaredRoute(app, calls.communityInfo, async () => ok(await communityOverview(app.db, app.clock.now())));

  declaredRoute(app, calls.levelConfig, async (request) =>
    ok(await levelConfig(app.db, memberOf(request).userId, app.clock.now())),
  );

  declaredRoute(app, calls.performanceRank, async (request) =>
    ok(
      await performanceRank(
        app.db,
        memberOf(request).userId,
        performanceRankBodySchema.parse(request.body ?? {}),
        app.clock.now(),
      ),
    ),
  );

  declaredRoute(app, calls.communityRank, async (request) =>
    ok(await communityRank(app.db, memberOf(request).userId, communityRankBodySchema.parse(request.body ?? {}))),
  );
};
