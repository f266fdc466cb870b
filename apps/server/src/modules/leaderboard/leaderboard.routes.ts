import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, leaderboardQuerySchema, leaderboardRowSchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { LeaderboardService } from './leaderboard.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;

/** /api/leaderboard. */
export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  const service = new LeaderboardService(app.db, app.config.schoolTimeZone, undefined, new ReadCache(dataVersion(app.db, app.dialect)));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/leaderboard', {
    schema: {
      tags: ['leaderboard'],
      summary: "A group's ranks, points and solved tasks for the week, the month or all time (members of the group)",
      security: [{ bearerAuth: [] }],
      querystring: leaderboardQuerySchema,
      response: { 200: z.array(leaderboardRowSchema), ...errors },
    },
    onRequest: app.authenticate,
    handler: async (request) => service.forGroup(currentUser(request), request.query.groupId, request.query.period),
  });
}
