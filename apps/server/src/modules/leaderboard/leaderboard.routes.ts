import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, leaderboardQuerySchema, leaderboardRowSchema } from '@mathclub/shared';
import { dataVersion, ReadCache } from '../../db/read-cache.js';
import { currentUser } from '../../plugins/auth.js';
import { jsonEncoder, sendJsonBytes } from '../../plugins/serializer.js';
import { LeaderboardService } from './leaderboard.service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const boardSchema = z.array(leaderboardRowSchema);

/** /api/leaderboard. */
export async function leaderboardRoutes(app: FastifyInstance): Promise<void> {
  const service = new LeaderboardService(app.db, app.config.schoolTimeZone);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const encodeBoard = jsonEncoder(boardSchema);
  const boards = new ReadCache(dataVersion(app.db, app.dialect));

  r.get('/api/leaderboard', {
    schema: {
      tags: ['leaderboard'],
      summary: "A group's ranks, points and solved tasks for the week, the month or all time (members of the group)",
      security: [{ bearerAuth: [] }],
      querystring: leaderboardQuerySchema,
      response: { 200: boardSchema, ...errors },
    },
    onRequest: app.authenticate,
    // Computed from every solution of the group, so each (group, period start) board is kept as
    // ready JSON bytes until the data changes; the access check still runs on every request.
    handler: async (request, reply) => {
      const scope = await service.scope(currentUser(request), request.query.groupId, request.query.period);
      const body = await boards.get(`${scope.groupId}:${scope.since ?? 'all'}`, async () => encodeBoard(await service.standings(scope)), request.dataVersion);
      return sendJsonBytes(request, reply, body);
    },
  });
}
